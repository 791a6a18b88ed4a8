import ipaddr from 'ipaddr.js';

/** Where every value that is not an IP address is counted: one shared budget, not a fresh one per spelling. */
export const UNPARSEABLE_ADDRESS_KEY = 'unparseable';

/**
 * The key every per-address limit counts a client under, whatever route it guards. An IPv4 address
 * is itself, also when it arrives IPv4-mapped (`::ffff:203.0.113.7`); an IPv6 address counts as its
 * /64, the smallest block one subscriber is routinely given, so stepping through the addresses of
 * one's own network never buys a fresh budget. Written one way only (lower case, zeros compressed,
 * no zone), so spellings of one address share a counter; anything that is no address at all shares
 * a single counter too.
 */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  if (!ipaddr.isValid(trimmed)) return UNPARSEABLE_ADDRESS_KEY;
  const parsed = ipaddr.process(trimmed);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = [...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0];
  return `${new ipaddr.IPv6(network).toString()}/64`;
}
