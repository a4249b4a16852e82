/**
 * SSRF protection for webhook targets. A URL must be https and every address
 * its host resolves to must be public; `WEBHOOK_ALLOW_PRIVATE=true` lifts both
 * rules (local development and tests). Deliveries go through an undici Agent
 * whose connector resolves the host once, checks the address and connects to
 * that very address, so a name cannot be re-pointed between check and connect
 * (DNS rebinding). Redirects are never followed (undici's request does not).
 */
import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector } from 'undici';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all of its addresses (tests substitute their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const all = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export class SsrfError extends Error {
  readonly code = 'WEBHOOK_TARGET_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'SsrfError';
  }
}

const blocked = new net.BlockList();
// IPv4 ranges that are not the public internet (RFC 6890 and friends).
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address embeds (IPv4-mapped, IPv4-compatible, NAT64), if any. */
function embeddedIPv4(v6: string): string | null {
  const lower = v6.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** True when an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIPv4(address);
    if (v4 !== null) return net.isIPv4(v4) && !blocked.check(v4, 'ipv4');
    return !blocked.check(address, 'ipv6');
  }
  return false;
}

/** Strips the brackets URL puts around IPv6 hosts. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Resolves a host and returns the address to connect to: the first one, after
 * checking that every address is public (a name that resolves to both a public
 * and a private address is refused).
 */
export async function resolveTarget(hostname: string, allowPrivate: boolean, resolver: Resolver): Promise<ResolvedAddress> {
  const host = bareHost(hostname);
  const literal = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(host);
    } catch (err) {
      throw new SsrfError(`host ${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'lookup failed'})`);
    }
    if (addresses.length === 0) throw new SsrfError(`host ${host} does not resolve`);
  }
  if (!allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new SsrfError(`${host} resolves to ${bad.address}, which is not a public address`);
  }
  return addresses[0];
}

/** Checks a webhook URL as configured: scheme, credentials, and (by resolving it) its addresses. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean, resolver: Resolver): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SsrfError('not a valid URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new SsrfError(allowPrivate ? 'URL must use https or http' : 'URL must use https');
  }
  if (url.username || url.password) throw new SsrfError('URL must not carry credentials');
  if (url.hash) throw new SsrfError('URL must not have a fragment');
  await resolveTarget(url.hostname, allowPrivate, resolver);
  return url;
}

export interface SafeAgentOptions {
  allowPrivate: boolean;
  resolver: Resolver;
  connectTimeoutMs: number;
  connections?: number;
}

/**
 * An undici Agent whose connector resolves the host once, refuses non-public
 * addresses (unless allowPrivate) and connects to the checked address. TLS keeps
 * the original host name for SNI and certificate checks.
 */
export function createSafeAgent(opts: SafeAgentOptions): Agent {
  const base = buildConnector({ timeout: opts.connectTimeoutMs });
  return new Agent({
    connections: opts.connections ?? 16,
    keepAliveTimeout: 10_000,
    connect: (options, callback) => {
      resolveTarget(options.hostname, opts.allowPrivate, opts.resolver).then(
        (target) => {
          const host = bareHost(options.hostname);
          const servername = net.isIP(host) ? options.servername : (options.servername ?? host);
          base({ ...options, hostname: target.address, servername }, callback);
        },
        (err: Error) => callback(err, null),
      );
    },
  });
}
