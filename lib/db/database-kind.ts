/** The database engines Deckforge runs on, chosen by DATABASE_URL alone. */
export type TDatabaseKind = "sqlite" | "postgres";

/** `postgres://` or `postgresql://` → PostgreSQL; anything else (a `file:` URL) → SQLite, the embedded default. */
export function databaseKind(databaseUrl: string): TDatabaseKind {
  return /^postgres(?:ql)?:\/\//i.test(databaseUrl) ? "postgres" : "sqlite";
}

/**
 * The PostgreSQL schema named by the URL's `schema` parameter (Prisma's convention,
 * `postgresql://…/deckforge?schema=tenant_a`), or undefined for the default search path (public).
 */
export function postgresSchema(databaseUrl: string): string | undefined {
  const schema = new URL(databaseUrl).searchParams.get("schema") ?? undefined;
  if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema))
    throw new Error(`DATABASE_URL: unsupported schema name ${JSON.stringify(schema)}`);
  return schema;
}
