import "server-only";
import bcrypt from "bcryptjs";

/** bcrypt work factor: about 250 ms per hash on a laptop core, the cost of one sign-in. */
const BCRYPT_ROUNDS = 12;
/** bcrypt reads at most 72 bytes; longer passwords would silently share a hash. */
const MAX_PASSWORD_BYTES = 72;
export const MIN_PASSWORD_LENGTH = 10;

// The most common passwords of breach lists that pass the length rule; refused by name.
const COMMON_PASSWORDS = new Set([
  "1234567890",
  "12345678910",
  "0123456789",
  "qwertyuiop",
  "password12",
  "password123",
  "password1234",
  "iloveyou12",
  "1q2w3e4r5t",
  "qwerty1234",
  "qwerty12345",
  "1qaz2wsx3edc",
  "abcdefghij",
  "letmein123",
  "welcome123",
  "administrator",
  "passw0rd123",
]);

/**
 * Why a password is too weak, or null when it is acceptable: at least 10 characters, at most 72
 * bytes, not a well-known password, not the email, and not one repeated character or a plain run.
 */
export function passwordWeakness(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters (this one has ${password.length}).`;
  if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES)
    return `Use at most ${MAX_PASSWORD_BYTES} bytes; longer passwords are not fully checked by bcrypt.`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return "This is one of the most common passwords; choose another.";
  if (email && lower.includes(email.trim().toLowerCase().split("@")[0]) && lower.length < 16)
    return "Do not build the password from your email address.";
  if (new Set(password).size < 4) return "Use more than three different characters.";
  return null;
}

/** bcrypt hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_ROUNDS);
}

/** Whether a password matches a stored hash (constant time inside bcrypt). */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

// A hash to compare against when the account does not exist, so an unknown email takes as long
// as a wrong password and sign-in timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= bcrypt.hash("not-a-real-password", BCRYPT_ROUNDS);
  return dummyHash;
}
