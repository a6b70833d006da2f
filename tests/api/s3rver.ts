// Starts s3rver (a local S3-compatible server) on a free loopback port with a temporary directory and
// one bucket, for the S3 storage tests.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

type TS3rverInstance = {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
};
type TS3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => TS3rverInstance;

// s3rver is CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)("s3rver") as TS3rverClass;

/** s3rver checks signatures against this fixed key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** A running s3rver with `bucket` created; `stop` closes it and removes its directory. */
export async function startS3rver(bucket = "deckforge-test") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  let running = true;
  return {
    endpoint,
    bucket,
    directory,
    client,
    /** Every key in the bucket. */
    async listKeys(prefix?: string): Promise<string[]> {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    /** Closes the server (its port then refuses connections); the directory stays until `remove`. */
    async close() {
      if (!running) return;
      running = false;
      await server.close();
    },
    async stop() {
      await this.close();
      client.destroy();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type TS3rver = Awaited<ReturnType<typeof startS3rver>>;
