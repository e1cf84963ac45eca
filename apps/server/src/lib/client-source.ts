// What counts as one "source" for rate limits, and which addresses and host names are this machine.
import net from 'node:net';

/**
 * The rate-limit key of a client address: an IPv4 address as is (also when written IPv4-mapped,
 * `::ffff:a.b.c.d`), an IPv6 address by its /64 — one subscriber usually holds a whole /64, so
 * keying on the full address would let them rotate through 2^64 "sources". Anything else (a
 * forwarded-for value that is not an address) shares one bucket rather than minting new sources.
 */
export function sourceKey(ip: string): string {
  const v4 = ipv4Of(ip);
  if (v4) return v4;
  const groups = ipv6Groups(ip);
  if (!groups) return 'unknown';
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ipv4Of(ip);
  if (v4) return v4.startsWith('127.');
  const groups = ipv6Groups(ip);
  return groups !== null && groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}

/**
 * True when a host name (as in HOST or a Host header, port and IPv6 brackets allowed) can only
 * mean this machine: `localhost` or a loopback address. Any other name may resolve elsewhere.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  else if (!net.isIPv6(h)) h = h.replace(/:\d*$/, '');
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h === 'localhost' || isLoopbackAddress(h);
}

function ipv4Of(ip: string): string | null {
  if (net.isIPv4(ip)) return ip;
  const lower = ip.toLowerCase();
  if (lower.startsWith('::ffff:') && net.isIPv4(lower.slice(7))) return lower.slice(7);
  return null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  const addr = ip.split('%')[0] ?? '';
  if (!net.isIPv6(addr)) return null;
  let s = addr.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const groups = [...h, ...Array<string>(fill).fill('0'), ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}
