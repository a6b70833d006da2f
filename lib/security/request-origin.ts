import "server-only";
import { getConfig } from "@/lib/config";
import { getSecuritySettings } from "./security-settings";

type THeaders = Pick<Headers, "get">;

/** The first value of a comma-separated header, trimmed; undefined when absent or blank. */
function first(value: string | null): string | undefined {
  const head = value?.split(",")[0]?.trim();
  return head || undefined;
}

/**
 * The host and scheme the client reached us at, by the headers: X-Forwarded-Host/-Proto only when
 * TRUST_PROXY says a proxy sets them, else the Host header and the scheme the connection used
 * (`fallbackProtocol`, from the request URL). A client cannot rewrite them without a trusted proxy.
 */
export function reachedAt(headers: THeaders, fallbackProtocol = "http"): { host: string; protocol: string } {
  const trusted = getSecuritySettings().TRUST_PROXY > 0;
  const host =
    (trusted ? first(headers.get("x-forwarded-host")) : undefined) ??
    first(headers.get("host")) ??
    "localhost";
  const protocol = (trusted ? first(headers.get("x-forwarded-proto")) : undefined) ?? fallbackProtocol;
  return { host, protocol: protocol.replace(/:$/, "") };
}

/**
 * The origin clients reach us at, for absolute links (`path`, `edit_path`, share links, examples on
 * pages): PUBLIC_URL when set, else the origin the request reached (reachedAt).
 */
export function originOf(headers: THeaders, fallbackProtocol = "http"): string {
  const configured = getConfig().PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const { host, protocol } = reachedAt(headers, fallbackProtocol);
  return `${protocol}://${host}`;
}

/**
 * Whether an Origin header names this server: the configured PUBLIC_URL's origin, or the origin the
 * request reached (Host, or a trusted proxy's X-Forwarded-Host) — never the address the process
 * listens on, which a page served elsewhere on the same machine could name.
 */
export function isOwnOrigin(origin: string, headers: THeaders, fallbackProtocol = "http"): boolean {
  let named: URL;
  try {
    named = new URL(origin);
  } catch {
    return false;
  }
  const configured = getConfig().PUBLIC_URL;
  if (configured && named.origin === new URL(configured).origin) return true;
  const { host, protocol } = reachedAt(headers, fallbackProtocol);
  return named.host === host.toLowerCase() && named.protocol === `${protocol}:`;
}

/**
 * The client's address for per-address limits: with TRUST_PROXY = n, the address the outermost
 * trusted proxy saw (n-th from the right of X-Forwarded-For); without, the last entry — which
 * scripts/serve.mjs makes the connection's own peer by dropping the client's header.
 */
export function clientAddress(headers: THeaders): string {
  const hops = getSecuritySettings().TRUST_PROXY;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  const index = hops > 0 ? Math.max(0, chain.length - hops) : chain.length - 1;
  return chain[index].replace(/^::ffff:/, "");
}
