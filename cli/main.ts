// The deckforge CLI: accounts and API keys on the embedded (or configured) database.
import { Command } from "commander";
import { createApiKey } from "@/lib/auth/api-keys";
import { findOrCreateUser, normaliseEmail } from "@/lib/auth/users";
import { getDb } from "@/lib/db";

const program = new Command()
  .name("deckforge")
  .description("Manage Deckforge accounts and API keys.")
  .showHelpAfterError();

const users = program.command("users").description("Accounts");
users
  .command("create")
  .description("Create an account (no-op when it exists)")
  .requiredOption("--email <email>", "account email")
  .option("--name <name>", "display name")
  .action(async (opts: { email: string; name?: string }) => {
    const db = await getDb();
    const user = await findOrCreateUser(db, checkEmail(opts.email), opts.name);
    console.log(`Account ${user.email} (${user.id})`);
  });

const keys = program.command("keys").description("API keys");
keys
  .command("create")
  .description(
    "Create an API key, creating the account when needed; the key is printed alone on the last line",
  )
  .requiredOption("--email <email>", "account email")
  .option("--name <name>", "a name for the key", "cli")
  .action(async (opts: { email: string; name: string }) => {
    const db = await getDb();
    const user = await findOrCreateUser(db, checkEmail(opts.email));
    const key = await createApiKey(db, user.id, opts.name);
    console.log(`Created key '${key.name}' (${key.prefix}…) for ${user.email}. It is shown only once:`);
    console.log(key.secret);
  });

keys
  .command("list")
  .description("List an account's API keys")
  .requiredOption("--email <email>", "account email")
  .action(async (opts: { email: string }) => {
    const db = await getDb();
    const rows = await db.apiKey.findMany({
      where: { user: { email: normaliseEmail(opts.email) } },
      orderBy: { createdAt: "asc" },
      select: { prefix: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    });
    if (rows.length === 0) return console.log(`No keys for ${opts.email}.`);
    for (const row of rows) {
      const state = row.revokedAt ? `revoked ${row.revokedAt.toISOString()}` : "active";
      const used = row.lastUsedAt ? row.lastUsedAt.toISOString() : "never";
      console.log(
        `${row.prefix}…\t${row.name}\tcreated ${row.createdAt.toISOString()}\tlast used ${used}\t${state}`,
      );
    }
  });

keys
  .command("revoke")
  .description("Revoke a key by its prefix (as `keys list` shows it)")
  .argument("<prefix>", "the key's prefix, e.g. df_AbCd1234")
  .action(async (prefix: string) => {
    const db = await getDb();
    const result = await db.apiKey.updateMany({
      where: { prefix: prefix.replace(/…$/, ""), revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (result.count === 0) fail(`No active key with prefix ${prefix}.`);
    console.log(`Revoked ${prefix}.`);
  });

function checkEmail(email: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) fail(`Not an email address: ${email}`);
  return email;
}

function fail(message: string): never {
  console.error(`deckforge: ${message}`);
  process.exit(1);
}

program
  .parseAsync()
  .then(async () => {
    await (await getDb()).$disconnect();
  })
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
