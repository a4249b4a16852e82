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
import ipaddr from 'ipaddr.js';
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

/**
 * The IPv6 ranges whose address is decided by the IPv4 address it carries: an
 * IPv4-mapped address is that IPv4 host, and the well-known NAT64 prefix
 * (64:ff9b::/96, what DNS64 answers for IPv4-only names) reaches it through the
 * network's translator.
 */
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

function publicIPv4(v4: ipaddr.IPv4): boolean {
  return v4.range() === 'unicast';
}

/**
 * True when an IP address is on the public internet: ipaddr.js classifies it and
 * only its `unicast` range (what no RFC reserves) passes. IPv4-mapped and
 * well-known NAT64 addresses are judged by the IPv4 address they embed. Every
 * other range that embeds one (6to4 2002::/16, Teredo 2001::/32, SIIT
 * ::ffff:0:0/96, local-use NAT64 64:ff9b:1::/48) is not `unicast` and is refused
 * whatever it carries, and so is an IPv4-compatible address (::a.b.c.d,
 * deprecated, which ipaddr.js counts as unicast).
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  // IPv6 goes through the URL parser's canonical (all-hex) form first: ipaddr.js reads
  // "::a.b.c.d" as IPv4-mapped, and the URL parser refuses zone ids (fe80::1%eth0).
  const canonical = family === 6 ? canonicalIPv6(address) : address;
  if (canonical === null) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(canonical);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return publicIPv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return publicIPv4(v6.toIPv4Address());
  if (v6.match(WELL_KNOWN_NAT64)) return publicIPv4(ipv4Tail(v6));
  if (v6.range() !== 'unicast') return false;
  // ::/96 (IPv4-compatible): the first 96 bits are zero.
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  return true;
}

function canonicalIPv6(address: string): string | null {
  try {
    return bareHost(new URL(`http://[${address}]/`).hostname);
  } catch {
    return null;
  }
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function ipv4Tail(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const [hi, lo] = v6.parts.slice(6);
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
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
