import "server-only";
import type { Db } from "@/lib/db";

/** Normalises an email for lookups: accounts are unique by lower-cased address. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Returns the user with this email, creating it when it does not exist. */
export async function findOrCreateUser(db: Db, email: string, name?: string) {
  const normalised = normaliseEmail(email);
  return db.user.upsert({
    where: { email: normalised },
    update: {},
    create: { email: normalised, name: name ?? null },
    select: { id: true, email: true, name: true, createdAt: true },
  });
}
