// The deckforge CLI: accounts, API keys and credits on the embedded (or configured) database, and
// `deckforge mcp`, the MCP server on stdio that relays to a running Deckforge server.
import readline from "node:readline";
import { Command } from "commander";
import { setPassword } from "@/lib/account/set-password";
import { ApiError } from "@/lib/api/errors";
import { createApiKey } from "@/lib/auth/api-keys";
import { findOrCreateUser, normaliseEmail } from "@/lib/auth/users";
import { getConfig } from "@/lib/config";
import { adjustCredits } from "@/lib/credits/adjust-credits";
import { listCreditEntries } from "@/lib/credits/list-credit-entries";
import { type Db, getDb } from "@/lib/db";
import { databaseKind } from "@/lib/db/database-kind";
import { getJobSettings } from "@/lib/jobs/job-settings";
import { getBoss, stopBoss } from "@/lib/jobs/pg-boss-client";
import { runStdioProxy } from "@/lib/mcp/stdio-proxy";

const program = new Command()
  .name("deckforge")
  .description("Manage Deckforge accounts, API keys and credits; serve its MCP tools over stdio.")
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

users
  .command("set-password")
  .description(
    "Set an account's password so it can sign in on the web; read from stdin (one line), or prompted for on a terminal",
  )
  .requiredOption("--email <email>", "account email")
  .option("--password-stdin", "read the password from stdin even on a terminal (e.g. `echo … | deckforge …`)")
  .action(async (opts: { email: string; passwordStdin?: boolean }) => {
    const db = await getDb();
    const user = await findAccount(db, opts.email);
    const password =
      opts.passwordStdin || !process.stdin.isTTY ? await readStdinLine() : await promptNewPassword();
    try {
      await setPassword(db, user, password);
    } catch (error) {
      if (error instanceof ApiError) fail(error.message);
      throw error;
    }
    console.log(
      `Password set for ${user.email}; it can now sign in at /sign-in (browsers signed in before are signed out).`,
    );
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

const credits = program.command("credits").description("Credit balances and the ledger");
credits
  .command("balance")
  .description("Show an account's balance and its latest ledger entries")
  .requiredOption("--email <email>", "account email")
  .option("--entries <n>", "ledger entries to show, newest first", "10")
  .action(async (opts: { email: string; entries: string }) => {
    const db = await getDb();
    const user = await findAccount(db, opts.email);
    const limit = wholeNumber(opts.entries, "--entries");
    if (limit < 0 || limit > 100) fail("--entries must be between 0 and 100.");
    console.log(`${user.email}: ${user.creditBalance} credits`);
    if (limit === 0) return;
    const { entries } = await listCreditEntries(db, user.id, { limit });
    for (const entry of entries) {
      const delta = entry.delta > 0 ? `+${entry.delta}` : String(entry.delta);
      const about = entry.presentation_id ? `\tpresentation ${entry.presentation_id}` : "";
      console.log(`${entry.created_at}\t${delta}\t${entry.reason}${about}`);
    }
  });

credits
  .command("grant")
  .description("Add credits to an account; a negative amount takes them away (ledger reason 'adjustment')")
  .requiredOption("--email <email>", "account email")
  .requiredOption("--amount <n>", "credits to add, e.g. 500 or -20")
  .option("--reason <text>", "a note kept in the ledger as 'adjustment: <text>'")
  .action(async (opts: { email: string; amount: string; reason?: string }) => {
    const db = await getDb();
    const user = await findAccount(db, opts.email);
    const amount = wholeNumber(opts.amount, "--amount");
    const note = opts.reason?.replace(/\s+/g, " ").trim();
    if (note && note.length > 200) fail("--reason is limited to 200 characters.");
    const reason = note ? `adjustment: ${note}` : "adjustment";
    const { balance } = await adjustCredits(db, user.id, amount, reason);
    const signed = amount > 0 ? `+${amount}` : String(amount);
    console.log(`${user.email}: ${signed} credits (${reason}). Balance: ${balance} credits`);
  });

const database = program.command("db").description("The database");
database
  .command("migrate")
  .description(
    "Apply pending migrations (and install or upgrade pg-boss's schema when it is the queue engine), then exit",
  )
  .action(async () => {
    // getDb() applies the migrations (under an advisory lock on PostgreSQL) before it connects.
    await getDb();
    console.log(`Database (${databaseKind(getConfig().databaseUrl)}) is up to date.`);
    const jobs = getJobSettings();
    if (jobs.engine === "pg-boss") {
      await getBoss();
      await stopBoss();
      console.log(`pg-boss schema "${jobs.boss?.schema}" is installed and its queues exist.`);
    }
  });

program
  .command("mcp")
  .description(
    "Serve Deckforge's MCP tools over stdio for an MCP client, relaying to a running Deckforge server with an API key",
  )
  .option("--key <key>", "the API key (default: $DECKFORGE_KEY, which keeps it out of process lists)")
  .option("--url <url>", "the Deckforge server (default: $DECKFORGE_URL, else http://localhost:3000)")
  .action(async (opts: { key?: string; url?: string }) => {
    const key = (opts.key ?? process.env.DECKFORGE_KEY ?? "").trim();
    if (!key)
      fail("No API key: pass --key <key> or set DECKFORGE_KEY (make one with 'deckforge keys create').");
    const url = opts.url ?? process.env.DECKFORGE_URL ?? "http://localhost:3000";
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      fail(`--url / DECKFORGE_URL must be an http(s) URL, got '${url}'.`);
    await runStdioProxy({ url, key });
    // The relay opens no database: end here, not in the tail below, which would open one to close it.
    process.exit(0);
  });

/** An existing account; credit commands never create one (that would also grant CREDITS_GRANT). */
async function findAccount(db: Db, email: string) {
  const user = await db.user.findUnique({
    where: { email: normaliseEmail(checkEmail(email)) },
    select: { id: true, email: true, creditBalance: true },
  });
  if (!user)
    fail(`No account ${normaliseEmail(email)}. Create it with 'deckforge users create --email ${email}'.`);
  return user;
}

/** The first line of stdin, without its line ending (a password piped in or from a file). */
async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  const line = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0];
  if (!line) fail("No password on stdin.");
  return line;
}

/** Asks twice on the terminal without echoing what is typed. */
async function promptNewPassword(): Promise<string> {
  const first = await promptHidden("New password: ");
  const second = await promptHidden("Repeat it: ");
  if (first !== second) fail("The two passwords differ.");
  return first;
}

function promptHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  let asked = false;
  // readline echoes each keystroke through _writeToOutput; after the question, echo nothing.
  output._writeToOutput = (text: string) => {
    if (!asked) process.stdout.write(text);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    asked = true;
  });
}

function wholeNumber(text: string, option: string): number {
  if (!/^[+-]?\d{1,10}$/.test(text.trim())) fail(`${option} must be a whole number, got '${text}'.`);
  return Number(text.trim());
}

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
