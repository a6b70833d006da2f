import "server-only";
import dns from "node:dns/promises";
import net from "node:net";
import { ApiError } from "@/lib/api/errors";
import { isPublicAddress, privateNetworkAllowed } from "@/lib/net/address-policy";

type TEnv = Record<string, string | undefined>;

/** How long a subscription waits for DNS before refusing the URL. */
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * Refuses (422 at `url`) a webhook URL that deliveries could not or must not reach: not http(s),
 * carrying credentials, a host that does not resolve, or one that is or resolves to a private,
 * loopback, link-local or otherwise non-public address unless ALLOW_PRIVATE_NETWORK_FETCH allows
 * it. Deliveries check again at send time (safeFetch), since DNS answers change.
 * Returns the normalised URL.
 */
export async function checkWebhookUrl(text: string, env: TEnv = process.env): Promise<string> {
  const refuse = (message: string) =>
    new ApiError("invalid_field", `url: ${message}`, { errors: [{ path: "url", message }] });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse("Not a valid absolute URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refuse(`Only http and https URLs can receive webhooks, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw refuse("Put no credentials in the URL; verify deliveries with the signing secret instead.");
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = net.isIP(host) ? [host] : await lookup(host).catch(() => null);
  if (!addresses || addresses.length === 0) throw refuse(`The host ${host} does not resolve.`);
  if (!privateNetworkAllowed(env)) {
    const blocked = addresses.find((address) => !isPublicAddress(address));
    if (blocked) {
      throw refuse(
        `${host} is not a public address (${blocked}): webhooks are not sent to private, loopback or link-local networks unless the operator allows it (ALLOW_PRIVATE_NETWORK_FETCH=1).`,
      );
    }
  }
  return url.href;
}

async function lookup(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("DNS timeout")), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dns.lookup(host, { all: true, verbatim: true }), deadline]);
    return found.map(({ address }) => address);
  } finally {
    clearTimeout(timer);
  }
}
