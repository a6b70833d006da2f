import type { TImageCandidate } from "./image-provider";

type TEnv = Record<string, string | undefined>;

/** Photos asked for per query: enough to skip ones the deck already shows. */
export const STOCK_RESULTS = 5;

/** The provider's base URL from `variable` (tests point it at a local server), without a trailing slash. */
export function baseUrl(env: TEnv, variable: string, fallback: string): string {
  return (env[variable]?.trim() || fallback).replace(/\/+$/, "");
}

/** A credit line within the schema's 300 characters. */
export function creditLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** Drops candidates without a picture URL (a malformed entry is skipped, not fatal). */
export function withUrl(candidates: TImageCandidate[]): TImageCandidate[] {
  return candidates.filter((candidate) => typeof candidate.url === "string" && candidate.url.length > 0);
}
