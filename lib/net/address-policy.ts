import ipaddr from "ipaddr.js";

/**
 * Whether an IP address is an ordinary public unicast address. Everything ipaddr.js puts in a
 * special range is refused: private (RFC 1918), loopback, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast, broadcast, unspecified, documentation and other
 * reserved blocks, IPv6 unique-local, site-local, NAT64/6to4/Teredo (they embed IPv4 addresses).
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are judged by the IPv4 address inside.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return address.range() === "unicast";
}

/**
 * Whether the operator allows fetches to non-public addresses (ALLOW_PRIVATE_NETWORK_FETCH=1):
 * needed by self-hosters with a local image server, and by tests whose mock servers listen on
 * 127.0.0.1. Read on every call so a test can switch it.
 */
export function privateNetworkAllowed(env: Record<string, string | undefined> = process.env): boolean {
  const value = (env.ALLOW_PRIVATE_NETWORK_FETCH ?? "").trim().toLowerCase();
  return value === "1" || value === "true" || value === "yes";
}
