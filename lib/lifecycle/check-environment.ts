import "server-only";
import { z } from "zod";
import { ZRateLimitEnv, ZRateLimitStoreEnv, ZSessionRateLimitEnv } from "@/lib/api/rate-limit-settings";
import { ZCoreEnv } from "@/lib/config";
import { ZCreditEnv } from "@/lib/credits/credit-settings";
import { databaseKind, postgresSchema } from "@/lib/db/database-kind";
import { ZUploadEnv } from "@/lib/files/upload-limits";
import { LLM_PROVIDERS } from "@/lib/generate/llm/llm-config";
import { ZJobEnv } from "@/lib/jobs/job-settings";
import { ZSecurityEnv } from "@/lib/security/security-settings";
import { ZStorageEnv } from "@/lib/storage/storage-settings";
import { ZWebhookEnv } from "@/lib/webhooks/webhook-config";
import { ZLifecycleEnv } from "./lifecycle-settings";

type TEnv = Record<string, string | undefined>;

/** One wrong variable: its name, its value as it may be shown, and the rule it breaks. */
export type TSettingProblem = { name: string; value: string; rule: string };

/** PORT: where `npm start` (and a plain `next start`) listens. */
const ZPortEnv = z.object({ PORT: z.coerce.number().int().min(1).max(65_535).optional() });

/**
 * The settings groups, each read the way its module reads it: `blankIsUnset` where the module
 * trims a value and takes an empty one for "unset" (credits, webhooks, rate limits).
 */
const GROUPS: { schema: z.ZodObject; blankIsUnset: boolean }[] = [
  { schema: ZPortEnv, blankIsUnset: true },
  { schema: ZCoreEnv, blankIsUnset: false },
  { schema: ZJobEnv, blankIsUnset: false },
  { schema: ZLifecycleEnv, blankIsUnset: false },
  { schema: ZUploadEnv, blankIsUnset: false },
  { schema: ZStorageEnv, blankIsUnset: false },
  { schema: ZCreditEnv, blankIsUnset: true },
  { schema: ZWebhookEnv, blankIsUnset: true },
  { schema: ZRateLimitEnv, blankIsUnset: true },
  { schema: ZSessionRateLimitEnv, blankIsUnset: true },
  { schema: ZRateLimitStoreEnv, blankIsUnset: true },
  { schema: ZSecurityEnv, blankIsUnset: true },
];

/** The generation providers LLM_PROVIDER names (lib/generate/get-provider.ts). */
const PROVIDERS = ["offline", ...LLM_PROVIDERS];

/**
 * Every wrong setting in `env`, checked before the server starts (scripts/start.mjs) and again
 * by the instrumentation hook (a plain `next start`): the same schemas the modules read at run time,
 * so a value that passes here does not fail later. Empty when all is well.
 */
export function checkEnvironment(env: TEnv): TSettingProblem[] {
  const problems: TSettingProblem[] = [];
  const seen = new Set<string>();
  const add = (name: string, rule: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    problems.push({ name, value: shownValue(name, env[name]), rule });
  };
  for (const { schema, blankIsUnset } of GROUPS) {
    const input = blankIsUnset
      ? Object.fromEntries(Object.keys(schema.shape).map((name) => [name, env[name]?.trim() || undefined]))
      : env;
    const parsed = schema.safeParse(input);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      const field = schema.shape[name] as z.ZodType | undefined;
      const allowed = issue.code === "custom" || !field ? undefined : describeAllowed(field);
      add(name, allowed ? `must be ${allowed}` : issue.message);
    }
  }
  const provider = (env.LLM_PROVIDER ?? "").trim().toLowerCase();
  if (provider !== "" && !PROVIDERS.includes(provider))
    add("LLM_PROVIDER", `must be one of: ${PROVIDERS.join(", ")}`);
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl !== undefined) {
    const rule = databaseUrlProblem(databaseUrl);
    if (rule) add("DATABASE_URL", rule);
  }
  const onPostgres = databaseUrl !== undefined && databaseKind(databaseUrl) === "postgres";
  if (env.JOB_QUEUE === "pg-boss" && !onPostgres && !seen.has("DATABASE_URL"))
    add("JOB_QUEUE", "pg-boss needs DATABASE_URL to be a postgres:// URL (or leave JOB_QUEUE unset)");
  return problems;
}

/** One line for a problem: the variable, its value and what it may be. */
export function formatSettingProblem(problem: TSettingProblem): string {
  return `[deckforge] invalid setting ${problem.name}=${problem.value}: ${problem.rule}.`;
}

function databaseUrlProblem(url: string): string | undefined {
  const allowed =
    "must be a SQLite file: URL (file:/path/deckforge.db) or a postgres:// or postgresql:// URL";
  if (databaseKind(url) === "sqlite") return /^file:./.test(url) ? undefined : allowed;
  try {
    const parsed = new URL(url);
    if (!parsed.hostname) return `${allowed} with a host`;
    postgresSchema(url);
    return undefined;
  } catch (error) {
    return error instanceof TypeError ? allowed : "has an unsupported ?schema= name (letters, digits and _)";
  }
}

/** Values of variables whose names say they are secret are never printed. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|ACCESS_KEY|API_KEY/i;

function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return "(not set)";
  if (SECRET_NAME.test(name)) return `(hidden, ${value.length} characters)`;
  if (name === "DATABASE_URL") return JSON.stringify(withoutPassword(value));
  return JSON.stringify(value);
}

/** A URL with its password replaced by "***"; anything that is not a URL as it is. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = "***";
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ":***@");
  }
}

/**
 * What a field's schema accepts, in words ("a whole number from 5 to 3600"), read from the
 * schema itself so the message cannot drift from the check; undefined when it has no simple shape
 * (a pattern: the schema's own message says it).
 */
function describeAllowed(schema: z.ZodType): string | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case "default":
    case "optional":
    case "prefault":
      return describeAllowed(def.innerType as z.ZodType);
    case "pipe": {
      const input = def.in as z.ZodType;
      const output = def.out as z.ZodType;
      if (input._zod.def.type === "transform") return describeAllowed(output);
      if (input._zod.def.type === "string" && output._zod.def.type === "boolean")
        return "true or false (or 1/0, yes/no, on/off)";
      return describeAllowed(input);
    }
    case "number": {
      const number = schema as z.ZodNumber;
      const kind = number.isInt ? "a whole number" : "a number";
      const min = Math.abs(number.minValue ?? Number.NEGATIVE_INFINITY) < Number.MAX_SAFE_INTEGER;
      const max = Math.abs(number.maxValue ?? Number.POSITIVE_INFINITY) < Number.MAX_SAFE_INTEGER;
      if (min && max) return `${kind} from ${number.minValue} to ${number.maxValue}`;
      if (min) return `${kind} of at least ${number.minValue}`;
      if (max) return `${kind} of at most ${number.maxValue}`;
      return kind;
    }
    case "enum":
      return `one of: ${(schema as z.ZodEnum).options.join(", ")}`;
    case "string": {
      if (def.format === "url") return def.protocol ? "an http(s) URL" : "a URL";
      if (def.format) return undefined;
      const minLength = (schema as z.ZodString).minLength;
      return minLength ? `at least ${minLength} characters long` : undefined;
    }
    default:
      return undefined;
  }
}
