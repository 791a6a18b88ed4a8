import ipaddr from 'ipaddr.js';

/**
 * The address a sign-in is throttled by. An IPv4-mapped IPv6 address is its IPv4 address; an IPv6
 * address counts as its /64, the smallest block one subscriber is routinely given, so an attacker
 * cannot get a fresh budget by stepping through the addresses of their own network.
 */
export function throttleAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
