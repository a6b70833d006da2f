import "server-only";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { ApiError } from "@/lib/api/errors";
import type { TStorageBackend } from "./index";
import { assertStorageKey, attachmentDisposition, contentTypeFor } from "./storage-key";
import type { TStorageSettings } from "./storage-settings";

type TS3Settings = Extract<TStorageSettings, { kind: "s3" }>;

// On globalThis: Next.js bundles each route separately, and all of them should share one client
// (one connection pool) per process.
const globalForS3 = globalThis as unknown as { deckforgeS3Client?: S3Client };

/** The process's one S3 client for these settings. */
export function getS3Client(settings: TS3Settings): S3Client {
  globalForS3.deckforgeS3Client ??= new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers reject the newer
    // default CRC headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // A store that does not answer fails the request in seconds instead of hanging it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  return globalForS3.deckforgeS3Client;
}

/** An S3 answer saying the object is not there. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * A store that cannot be reached (refused, timed out, 5xx) is a 503 the caller may retry; any other
 * failure (access denied, no such bucket: a configuration fault) stays an internal error. Either
 * way the cause is logged here and never shown to the client.
 */
function storageFailure(operation: string, key: string, error: unknown): Error {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const name = error instanceof Error ? error.name : "unknown";
  const code = (error as { code?: string }).code;
  console.error(
    `[deckforge] storage ${operation} ${key} failed: ${name}${code ? ` (${code})` : ""}${status ? ` HTTP ${status}` : ""}: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (status === undefined || status >= 500)
    return new ApiError("provider_unavailable", "The file storage could not be reached. Try again later.");
  return error instanceof Error ? error : new Error(String(error));
}

/** Objects in an S3-compatible bucket, each key under the configured prefix. */
export function createS3Storage(settings: TS3Settings, client = getS3Client(settings)): TStorageBackend {
  const objectKey = (key: string) => `${settings.prefix}${assertStorageKey(key)}`;
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, options) {
      const Key = objectKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentType: options?.contentType ?? contentTypeFor(key),
          }),
        );
      } catch (error) {
        throw storageFailure("put", key, error);
      }
    },
    async get(key) {
      const Key = objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw storageFailure("get", key, error);
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      try {
        // S3 answers 204 for a key that is not there, so deleting twice is fine.
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (isMissing(error)) return;
        throw storageFailure("delete", key, error);
      }
    },
    async signedDownloadUrl(key, options) {
      // Presigning is computed locally (no request), so it works even while the store is down.
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          ResponseContentDisposition: attachmentDisposition(options.fileName),
          ResponseContentType: options.contentType,
        }),
        { expiresIn: options.expiresIn },
      );
    },
  };
}
