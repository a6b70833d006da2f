/**
 * Starts the built app (NEXT_DIST_DIR) for a load bench: one or more `next start` instances on one
 * database — the embedded SQLite file, or a throwaway PostgreSQL cluster shared by every instance —
 * and one account with an API key and credits to spare. Reuses the API tests' harness
 * (tests/api/global-setup.ts, tests/pg/start-postgres.ts) so the bench runs the app exactly as the
 * tests do.
 */
import { cliCreateKey, cliGrantCredits, startDeckforgeServer } from "../../tests/api/global-setup";
import { startPostgres, type TPostgresCluster } from "../../tests/pg/start-postgres";

export type TBenchDatabase = "sqlite" | "postgres";

/**
 * Server env of a load bench: the per-key limit raised so the bench measures generation rather than
 * 429s (the limiter still runs, with its production store), and no webhooks or real providers.
 */
export const BENCH_SERVER_ENV: Record<string, string> = {
  RATE_LIMIT_PER_MINUTE: "1000000",
  SESSION_RATE_LIMIT_PER_MINUTE: "1000000",
  CREDITS_GRANT: "0",
  LLM_PROVIDER: "offline",
  SHUTDOWN_GRACE_MS: "2000",
};

export type TBenchServers = {
  database: TBenchDatabase;
  baseUrls: string[];
  /** Pid of each instance's `next start` (its process tree is the instance). */
  pids: number[];
  key: string;
  stop: () => Promise<void>;
};

/** Starts `instances` servers on one database, makes a key and grants it `credits`. */
export async function startBenchServers(options: {
  database: TBenchDatabase;
  instances?: number;
  credits?: number;
  env?: Record<string, string>;
}): Promise<TBenchServers> {
  const instances = options.instances ?? 1;
  const env = { ...BENCH_SERVER_ENV, ...options.env };
  let cluster: TPostgresCluster | undefined;
  if (options.database === "postgres") {
    cluster = await startPostgres();
    // The harness derives each data directory's schema from DATABASE_URL (tests/pg/test-database.ts).
    process.env.DATABASE_URL = cluster.createDatabase("deckforge_bench");
  } else {
    delete process.env.DATABASE_URL;
  }
  const first = await startDeckforgeServer(env);
  // Later instances share the first one's data directory: the same database (schema) and the same
  // file storage, as instances behind a load balancer share PostgreSQL and object storage.
  const others: (typeof first)[] = [];
  for (let i = 1; i < instances; i++)
    others.push(await startDeckforgeServer(env, { dataDir: first.dataDir }));
  const servers = [first, ...others];

  const email = "bench@example.com";
  const key = cliCreateKey(first.dataDir, email, "bench", env);
  cliGrantCredits(first.dataDir, email, options.credits ?? 10_000_000, env);

  return {
    database: options.database,
    baseUrls: servers.map((s) => s.baseUrl),
    pids: servers.map((s) => s.pid),
    key,
    async stop() {
      for (const server of others) await server.stop();
      await first.stop();
      cluster?.stop();
    },
  };
}
