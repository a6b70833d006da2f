import "server-only";
import path from "node:path";
import { readConfig } from "@/lib/config";
import { databaseKind, postgresSchema } from "@/lib/db/database-kind";
import { parseStorageSettings } from "@/lib/storage/storage-settings";

type TEnv = Record<string, string | undefined>;

/**
 * Where a server started with `env` keeps its data, in words for the start line: the SQLite file
 * or the PostgreSQL host, database and schema (never the user or password), and the file storage
 * (a local folder or an S3 bucket). Read from the same settings the server uses; call it after
 * checkEnvironment, since a bad value throws.
 */
export function describeDataLocation(env: TEnv): { database: string; files: string } {
  const { dataDir, databaseUrl } = readConfig(env);
  const storage = parseStorageSettings(env);
  const files =
    storage.kind === "local"
      ? `folder ${path.join(dataDir, "files")}`
      : `S3 bucket ${storage.bucket}${storage.prefix ? ` (prefix ${storage.prefix})` : ""} at ${storage.endpoint ?? `AWS ${storage.region}`}`;
  return { database: describeDatabase(databaseUrl), files };
}

function describeDatabase(databaseUrl: string): string {
  if (databaseKind(databaseUrl) === "sqlite") {
    const file = databaseUrl.replace(/^file:(\/\/)?/, "");
    return `SQLite ${path.resolve(file)}`;
  }
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(the user's default database)";
  const schema = postgresSchema(databaseUrl);
  return `PostgreSQL database ${database} on ${url.host}${schema ? `, schema ${schema}` : ""}`;
}
