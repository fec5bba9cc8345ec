import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The client as per-network limits count it (logins, code requests, sign-ups, view counting): its IPv4
 * address, or the /64 prefix of its IPv6 address. One IPv6 host is handed a whole /64, so counting single
 * IPv6 addresses would let it pick a fresh one for every request. IPv4-mapped addresses count as IPv4.
 */
export function clientNetwork(req: Request): string {
  return networkOf(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

export function networkOf(address: string): string {
  const ip = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  return `${groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded, each without leading zeros. */
function groups(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const parts = (s: string) => (s ? s.split(':') : []);
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')));
}
