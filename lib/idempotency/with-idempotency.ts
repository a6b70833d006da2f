import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { hashRequest } from "./hash-request";
import { IDEMPOTENCY_TTL_MS, purgeIdempotencyKeys } from "./purge-idempotency-keys";

/** 1–255 visible ASCII characters (no spaces), as the header is documented. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A key still "processing" after this long belongs to a request whose server died: it is taken over. */
export const IDEMPOTENCY_STALE_MS = 15 * 60 * 1000;
/** Seconds a client is told to wait before repeating a request that is still running. */
const RETRY_AFTER_SECONDS = 2;
/** Expired keys are purged at most this often per process. */
const PURGE_EVERY_MS = 10 * 60 * 1000;

/** Who sends the request and where: keys are per account, and remember their route. */
export type TIdempotencyScope = { req: Request; db: Db; userId: string };

type TClaim = { id: string } | { replay: Response };

const state = globalThis as unknown as { deckforgeIdempotencyPurgedAt?: number };

/**
 * Runs a generation POST at most once per `Idempotency-Key` (per account, for 24 hours): the first
 * request runs and its successful answer is stored; a repeat with the same route and request gets
 * that answer again — same status and body, header `Idempotent-Replayed: true` — without working
 * or charging again. A repeat while the first still runs is a 409 with Retry-After; the key with
 * another request or route is a 422. A failed request stores nothing and frees its key: it did no
 * work and charged nothing (generations refund), so the client can retry with the same key.
 * Without the header, `run` simply runs. `request` is the validated body, compared by hash.
 */
export async function withIdempotency(
  scope: TIdempotencyScope,
  request: unknown,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = scope.req.headers.get("idempotency-key");
  if (key === null) return run();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    const message = "Use 1 to 255 visible ASCII characters (no spaces), e.g. a UUID.";
    throw new ApiError("bad_request", `Invalid Idempotency-Key header: ${message}`, {
      errors: [{ path: "Idempotency-Key", message }],
    });
  }
  const route = `${scope.req.method} ${new URL(scope.req.url).pathname}`;
  return onceForKey(scope, { key, route, field: "Idempotency-Key" }, request, run);
}

/**
 * The same, for a key that comes from elsewhere than the header (an MCP tool's `idempotency_key`):
 * `route` names what the key is used for and `field` where it came from, for a 422's message.
 */
export async function onceForKey(
  scope: Omit<TIdempotencyScope, "req">,
  use: { key: string; route: string; field: string },
  request: unknown,
  run: () => Promise<Response>,
): Promise<Response> {
  const { key, route, field } = use;
  await purgeNowAndThen(scope.db);
  const claim = await claimKey(scope.db, scope.userId, { key, route, field }, hashRequest(request));
  if ("replay" in claim) return claim.replay;

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await release(scope.db, claim.id);
    throw error;
  }
  if (!response.ok) {
    await release(scope.db, claim.id);
    return response;
  }
  const body = await response.text();
  await scope.db.idempotencyKey.updateMany({
    where: { id: claim.id, status: "processing" },
    data: { status: "done", responseStatus: response.status, responseBody: body },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** Takes the key for this request, or answers from (or refuses because of) the request that has it. */
async function claimKey(
  db: Db,
  userId: string,
  { key, route, field }: { key: string; route: string; field: string },
  requestHash: string,
): Promise<TClaim> {
  // A few rounds: between a failed insert and the lookup the holder may free the key or expire.
  for (let round = 0; round < 3; round++) {
    const now = new Date();
    await db.idempotencyKey.deleteMany({
      where: { userId, key, createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } },
    });
    try {
      const row = await db.idempotencyKey.create({
        data: { userId, key, route, requestHash, status: "processing", createdAt: now },
        select: { id: true },
      });
      return { id: row.id };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    }
    const held = await db.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
    if (!held) continue;
    if (held.route !== route || held.requestHash !== requestHash) {
      const message =
        held.route !== route
          ? `This key was used on ${held.route} within the last 24 hours; use a new key for another request.`
          : "This key was used with a different request body within the last 24 hours; use a new key for another request.";
      throw new ApiError("invalid_field", `${field} reused: ${message}`, {
        errors: [{ path: field, message }],
      });
    }
    if (held.status === "done" && held.responseStatus !== null && held.responseBody !== null) {
      return {
        replay: new Response(held.responseBody, {
          status: held.responseStatus,
          headers: { "content-type": "application/json", "idempotent-replayed": "true" },
        }),
      };
    }
    if (now.getTime() - held.createdAt.getTime() > IDEMPOTENCY_STALE_MS) {
      const { count } = await db.idempotencyKey.updateMany({
        where: { id: held.id, status: "processing", createdAt: held.createdAt },
        data: { createdAt: now },
      });
      if (count === 1) return { id: held.id };
      continue;
    }
    break;
  }
  throw new ApiError(
    "conflict",
    `A request with this ${field} is still being processed; repeat it once that one has finished.`,
    { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } },
  );
}

/** Frees a key whose request failed; a failure to free it is logged (the key then goes stale). */
async function release(db: Db, id: string): Promise<void> {
  await db.idempotencyKey
    .deleteMany({ where: { id, status: "processing" } })
    .catch((error: unknown) => console.error(`[deckforge] idempotency key ${id} could not be freed:`, error));
}

async function purgeNowAndThen(db: Db): Promise<void> {
  const last = state.deckforgeIdempotencyPurgedAt ?? 0;
  if (Date.now() - last < PURGE_EVERY_MS) return;
  state.deckforgeIdempotencyPurgedAt = Date.now();
  await purgeIdempotencyKeys(db).catch((error: unknown) =>
    console.error("[deckforge] purging expired idempotency keys failed:", error),
  );
}
