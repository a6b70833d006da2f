import "server-only";
import { z } from "zod";

/** Unset and empty variables are the same: both take the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const ZFlag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

/** The storage environment variables, as they come in. */
export const ZStorageEnv = z
  .object({
    STORAGE: optional(z.enum(["local", "s3"], { error: "must be local or s3" })),
    S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")),
    S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
    S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1")),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    S3_FORCE_PATH_STYLE: optional(ZFlag),
    S3_PREFIX: optional(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9/_.-]*$/i, "must be a relative key prefix (letters, digits, / _ . -)")
        .refine((value) => !value.includes(".."), "must not contain '..'"),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === "s3" && !env.S3_BUCKET)
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE=s3" });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "must be set together with the other S3 credential (or neither, for the default chain)",
      });
  });

/** Where files are kept: DATA_DIR/files (the embedded default) or an S3-compatible bucket. */
export type TStorageSettings =
  | { kind: "local" }
  | {
      kind: "s3";
      bucket: string;
      /** Unset: AWS itself. Set: any S3-compatible server (MinIO, Ceph, R2, s3rver). */
      endpoint?: string;
      region: string;
      /** Unset: the SDK's default credential chain (AWS_* env, profile, instance role). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** bucket in the path (http://host/bucket/key) rather than in the host name. */
      forcePathStyle: boolean;
      /** Put before every key, ending in "/" (or empty). */
      prefix: string;
    };

/** A storage variable is missing or wrong: the server cannot store files and must not start. */
export class StorageConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageConfigError";
  }
}

/** Validates the storage variables of `env`; throws a StorageConfigError naming each bad one. */
export function parseStorageSettings(env: Record<string, string | undefined>): TStorageSettings {
  const parsed = ZStorageEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new StorageConfigError(`Invalid storage configuration: ${problems.join("; ")}.`);
  }
  const value = parsed.data;
  if (value.STORAGE !== "s3") return { kind: "local" };
  const prefix = value.S3_PREFIX ? `${value.S3_PREFIX.replace(/\/+$/, "")}/` : "";
  return {
    kind: "s3",
    bucket: value.S3_BUCKET as string,
    ...(value.S3_ENDPOINT ? { endpoint: value.S3_ENDPOINT } : {}),
    region: value.S3_REGION ?? "us-east-1",
    ...(value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: value.S3_ACCESS_KEY_ID, secretAccessKey: value.S3_SECRET_ACCESS_KEY } }
      : {}),
    forcePathStyle: value.S3_FORCE_PATH_STYLE ?? Boolean(value.S3_ENDPOINT),
    prefix,
  };
}

let cached: TStorageSettings | undefined;

/** The storage settings of this process, validated once. */
export function getStorageSettings(): TStorageSettings {
  cached ??= parseStorageSettings(process.env);
  return cached;
}
