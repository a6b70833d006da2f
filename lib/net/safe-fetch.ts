/**
 * Fetching URLs that come from outside (picture URLs a provider returned, anything a user could
 * influence) without letting them reach the service's own network: only http(s), only public
 * addresses, connected to the very address that was checked, with few redirects, a deadline and
 * a size cap counted while the body streams in.
 */
import "server-only";
import dns from "node:dns/promises";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import { isPublicAddress, privateNetworkAllowed } from "./address-policy";
import { SafeFetchError } from "./safe-fetch-error";

type TEnv = Record<string, string | undefined>;

export type TSafeFetchOptions = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Deadline for the whole exchange, redirects included; FETCH_TIMEOUT_MS, default 10 000. */
  timeoutMs?: number;
  /** Largest body accepted; IMAGE_MAX_BYTES, default 10 MB. */
  maxBytes?: number;
  /** Redirects followed, each re-checked; default 3. */
  maxRedirects?: number;
  /**
   * The URL's own origin is an endpoint the operator configured (a provider's base URL), so its
   * address is not checked; any redirect to another origin still is.
   */
  trustedOrigin?: boolean;
  /** Sees the status and headers of the final response before its body is read; throw to refuse. */
  checkHeaders?: (response: TResponseHead) => void;
  signal?: AbortSignal;
  /** Environment to read limits from (tests); process.env by default. */
  env?: TEnv;
};

export type TResponseHead = {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The media type without parameters, lower case ("image/jpeg"); "" when absent. */
  contentType: string;
};

export type TSafeResponse = TResponseHead & { bytes: Buffer };

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
/** How much of an error body is kept for the message (API errors explain themselves there). */
const ERROR_BODY_BYTES = 2048;
const USER_AGENT = "Deckforge (self-hosted presentation service)";
/** Headers that may follow a redirect to another origin; credentials never do. */
const CROSS_ORIGIN_HEADERS = new Set(["accept", "accept-language", "user-agent"]);

/** A positive integer from the environment, else the fallback. */
export function envInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * GETs or POSTs an outside URL and returns the whole body. Refuses (SafeFetchError) non-http(s)
 * URLs, hosts that are or resolve to a non-public address unless ALLOW_PRIVATE_NETWORK_FETCH=1,
 * more than `maxRedirects` redirects (each hop is checked again), bodies over `maxBytes` (stopped
 * as soon as the count passes the cap), exchanges over the deadline, and non-2xx answers. The
 * connection goes to the address that was checked, so a second DNS answer cannot redirect it.
 */
export async function safeFetch(
  input: string | URL,
  options: TSafeFetchOptions = {},
): Promise<TSafeResponse> {
  const env = options.env ?? process.env;
  const timeoutMs = options.timeoutMs ?? envInteger(env.FETCH_TIMEOUT_MS, DEFAULT_TIMEOUT_MS);
  const maxBytes = options.maxBytes ?? envInteger(env.IMAGE_MAX_BYTES, DEFAULT_MAX_BYTES);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowPrivate = privateNetworkAllowed(env);

  let url = parseUrl(String(input));
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new SafeFetchError("timeout", `No complete answer within ${timeoutMs} ms.`, { url: url.href }),
      ),
    timeoutMs,
  );
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  outer?.addEventListener("abort", onOuterAbort, { once: true });

  const trustedOrigin = options.trustedOrigin ? url.origin : null;
  let method = options.method ?? "GET";
  let body = options.body;
  let headers: Record<string, string> = { "user-agent": USER_AGENT };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;

  try {
    for (let hop = 0; ; hop++) {
      const check = !allowPrivate && url.origin !== trustedOrigin;
      const target = await abortable(resolveHost(url, check), controller.signal);
      const response = await send(url, target, { method, headers, body, signal: controller.signal });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && status !== 304) {
        response.resume();
        if (!location) {
          throw new SafeFetchError("too_many_redirects", `Redirect ${status} without a Location.`, {
            url: url.href,
          });
        }
        if (hop >= maxRedirects) {
          throw new SafeFetchError("too_many_redirects", `More than ${maxRedirects} redirects.`, {
            url: url.href,
          });
        }
        const next = parseUrl(location, url);
        // As browsers do: 303 always, and 301/302 after a POST, continue as a GET without the body.
        if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
          delete headers["content-type"];
        }
        if (next.origin !== url.origin) {
          headers = Object.fromEntries(
            Object.entries(headers).filter(([name]) => CROSS_ORIGIN_HEADERS.has(name)),
          );
        }
        url = next;
        continue;
      }
      const head: TResponseHead = {
        url: url.href,
        status,
        headers: response.headers,
        contentType: mediaType(response.headers["content-type"]),
      };
      if (status < 200 || status >= 300) {
        const text = (await readBody(response, ERROR_BODY_BYTES, url, "truncate")).toString("utf8");
        throw new SafeFetchError("http_status", `The server answered ${status}.`, {
          url: url.href,
          status,
          body: text.trim(),
        });
      }
      try {
        options.checkHeaders?.(head);
      } catch (error) {
        response.destroy();
        throw error;
      }
      return { ...head, bytes: await readBody(response, maxBytes, url, "refuse") };
    }
  } catch (error) {
    if (controller.signal.aborted) throw abortReason(controller.signal.reason, url);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}

function parseUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new SafeFetchError("invalid_url", `Not a valid URL: ${text.slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("invalid_url", `Only http and https URLs are fetched, not ${url.protocol}`, {
      url: url.href,
    });
  }
  if (url.username || url.password) {
    throw new SafeFetchError("invalid_url", "URLs with credentials are not fetched.", { url: url.origin });
  }
  return url;
}

type TTarget = { address: string; family: 4 | 6 };

/**
 * The address to connect to. With `check`, every address the name resolves to must be public (a
 * name with one private answer among public ones is refused: which one a client picks is luck).
 */
async function resolveHost(url: URL, check: boolean): Promise<TTarget> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = net.isIP(host);
  let addresses: TTarget[];
  if (literal) {
    addresses = [{ address: host, family: literal as 4 | 6 }];
  } else {
    try {
      const found = await dns.lookup(host, { all: true, verbatim: true });
      addresses = found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
    } catch (error) {
      throw new SafeFetchError(
        "dns_failed",
        `The host ${host} did not resolve (${(error as Error).message}).`,
        {
          url: url.href,
        },
      );
    }
    if (addresses.length === 0) {
      throw new SafeFetchError("dns_failed", `The host ${host} has no address.`, { url: url.href });
    }
  }
  if (check) {
    const blocked = addresses.find(({ address }) => !isPublicAddress(address));
    if (blocked) {
      throw new SafeFetchError(
        "blocked_address",
        `${host} is not a public address (${blocked.address}); set ALLOW_PRIVATE_NETWORK_FETCH=1 to allow private networks.`,
        { url: url.href },
      );
    }
  }
  return addresses[0];
}

type TSend = {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal: AbortSignal;
};

/** One request to the checked address; resolves with the response head. */
function send(url: URL, target: TTarget, { method, headers, body, signal }: TSend): Promise<IncomingMessage> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const secure = url.protocol === "https:";
  // Node asks this instead of DNS (names only; literals are connected to as they are), so the
  // socket goes to the address resolveHost checked even if the name now resolves elsewhere.
  const lookup: net.LookupFunction = (_name, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: TTarget[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers:
          body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup,
        // A pooled socket would skip the check above for its next request.
        agent: false,
        signal,
        ...(secure && !net.isIP(hostname) ? { servername: hostname } : {}),
      },
      resolve,
    );
    request.on("error", (error) =>
      reject(
        signal.aborted
          ? error
          : new SafeFetchError("connection_failed", `Could not reach ${url.host}: ${error.message}`, {
              url: url.href,
            }),
      ),
    );
    request.end(body);
  });
}

/**
 * The body, counted as it arrives: over `limit`, "refuse" stops reading and fails at once (the
 * announced Content-Length is checked first), "truncate" keeps the first `limit` bytes.
 */
function readBody(
  response: IncomingMessage,
  limit: number,
  url: URL,
  overflow: "refuse" | "truncate",
): Promise<Buffer> {
  const tooLarge = () =>
    new SafeFetchError("too_large", `The answer is larger than ${limit} bytes.`, { url: url.href });
  const declared = Number(response.headers["content-length"]);
  if (overflow === "refuse" && Number.isFinite(declared) && declared > limit) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      if (size + chunk.length > limit) {
        if (overflow === "truncate") chunks.push(chunk.subarray(0, limit - size));
        response.destroy();
        if (overflow === "truncate") resolve(Buffer.concat(chunks));
        else reject(tooLarge());
        return;
      }
      size += chunk.length;
      chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks)));
    response.on("error", (error) =>
      reject(
        new SafeFetchError("connection_failed", `The answer from ${url.host} broke off: ${error.message}`, {
          url: url.href,
        }),
      ),
    );
  });
}

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0].trim().toLowerCase();
}

/** Rejects as soon as the signal aborts (a DNS lookup cannot be cancelled, only abandoned). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function abortReason(reason: unknown, url: URL): Error {
  if (reason instanceof Error) return reason;
  return new SafeFetchError("timeout", "The fetch was cancelled.", { url: url.href });
}
