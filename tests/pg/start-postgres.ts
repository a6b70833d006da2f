// A throwaway PostgreSQL cluster for tests: initdb in a temporary directory, started on a free
// loopback port (unix socket in the same directory), stopped and removed by `stop`. PostgreSQL
// refuses to run as root, so as root the cluster runs as the `postgres` user when there is one,
// else `nobody`, through runuser; the temporary directory is handed to that user.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../free-port";

export type TPostgresCluster = {
  /** Connection URL of the cluster's `postgres` database (user postgres, no password). */
  url: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase: (name: string) => string;
  /** Stops the server (immediate shutdown) and removes its directory. Safe to call twice. */
  stop: () => void;
};

/** The directory holding initdb/pg_ctl/psql: PG_BIN, else the newest /usr/lib/postgresql/N/bin, else PATH. */
export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian))
    for (const version of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, version, "bin"));
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir) candidates.push(dir);
  return (
    candidates.find(
      (dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")),
    ) ?? null
  );
}

/** The unprivileged user to run the server as when this process is root; null when not root. */
function serverUser(): string | null {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return null;
  for (const user of ["postgres", "nobody"]) {
    if (spawnSync("id", ["-u", user], { stdio: "ignore" }).status === 0) return user;
  }
  throw new Error("running as root and neither a `postgres` nor a `nobody` user exists");
}

/** Why a cluster cannot be started here, or null when it can. Tests skip with this reason. */
export function postgresUnavailableReason(): string | null {
  if (!findPostgresBin())
    return "no PostgreSQL binaries found (install postgresql, or set PG_BIN to the directory holding initdb and pg_ctl)";
  try {
    const user = serverUser();
    if (user && spawnSync("runuser", ["-u", user, "--", "true"], { stdio: "ignore" }).status !== 0)
      return `running as root and \`runuser -u ${user}\` does not work, so PostgreSQL (which refuses root) cannot be started`;
  } catch (error) {
    return (error as Error).message;
  }
  return null;
}

/** initdb + pg_ctl start on a free loopback port; durability settings off (it is thrown away). */
export async function startPostgres(): Promise<TPostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresUnavailableReason() ?? "no PostgreSQL binaries");
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-pg-"));
  const dataDir = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  if (user) execFileSync("chown", [user, dir]);
  const run = (command: string, args: string[]) =>
    user
      ? execFileSync("runuser", ["-u", user, "--", path.join(bin, command), ...args], {
          cwd: dir,
          stdio: "pipe",
        })
      : execFileSync(path.join(bin, command), args, { cwd: dir, stdio: "pipe" });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stop);
    try {
      if (fs.existsSync(path.join(dataDir, "postmaster.pid")))
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A test run that dies without calling stop still takes its cluster down.
  process.on("exit", stop);
  try {
    run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    let port = 0;
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        "-h 127.0.0.1",
        `-k ${dir}`,
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        "-c max_connections=200",
      ].join(" ");
      try {
        run("pg_ctl", ["-D", dataDir, "-l", log, "-w", "-t", "60", "-o", options, "start"]);
        break;
      } catch (error) {
        // Another process took the port between the probe and the start: try another one.
        if (attempt >= 2) throw error;
      }
    }
    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      port,
      stop,
      createDatabase(name: string) {
        if (!/^\w+$/.test(name)) throw new Error(`createDatabase: unsafe name ${name}`);
        run("psql", [
          "-h",
          "127.0.0.1",
          "-p",
          String(port),
          "-U",
          "postgres",
          "-q",
          "-c",
          `CREATE DATABASE "${name}"`,
        ]);
        return `postgresql://postgres@127.0.0.1:${port}/${name}`;
      },
    };
  } catch (error) {
    const serverLog = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    stop();
    throw new Error(`could not start PostgreSQL: ${(error as Error).message}\n${stderr}\n${serverLog}`, {
      cause: error,
    });
  }
}

/**
 * For `describe.skipIf`: true (after printing why) when no cluster can be started here. With
 * REQUIRE_POSTGRES=1 (CI, where PostgreSQL is installed on purpose) it throws instead of skipping.
 */
export function skipWithoutPostgres(suite: string): boolean {
  const reason = postgresUnavailableReason();
  if (!reason) return false;
  if (process.env.REQUIRE_POSTGRES === "1") throw new Error(`${suite}: REQUIRE_POSTGRES=1 but ${reason}`);
  console.warn(`[${suite}] skipped: ${reason}`);
  return true;
}
