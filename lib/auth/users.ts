import "server-only";
import { getCreditSettings } from "@/lib/credits/credit-settings";
import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/** Normalises an email for lookups: accounts are unique by lower-cased address. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const USER_SELECT = { id: true, email: true, name: true, createdAt: true } as const;

/**
 * The row of a new account: it starts with CREDITS_GRANT credits, recorded as a "grant" ledger
 * entry in the same write (a nested create is one transaction) — every account is created with
 * this, so every account's balance equals the sum of its ledger.
 */
export function newAccountData(account: { email: string; name: string | null; passwordHash?: string }) {
  const { grant } = getCreditSettings();
  return {
    ...account,
    creditBalance: grant,
    ...(grant > 0 ? { ledger: { create: { delta: grant, reason: "grant" } } } : {}),
  };
}

/** Returns the user with this email, creating it (newAccountData) when it does not exist. */
export async function findOrCreateUser(db: Db, email: string, name?: string) {
  const normalised = normaliseEmail(email);
  const existing = await db.user.findUnique({ where: { email: normalised }, select: USER_SELECT });
  if (existing) return existing;
  try {
    return await db.user.create({
      data: newAccountData({ email: normalised, name: name ?? null }),
      select: USER_SELECT,
    });
  } catch (error) {
    // Another process created it between the lookup and the insert: that account (and its grant) stands.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      return db.user.findUniqueOrThrow({ where: { email: normalised }, select: USER_SELECT });
    throw error;
  }
}
