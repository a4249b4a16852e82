/**
 * Direct access to the object in which Fastify keeps a reply's headers until it writes them
 * (`reply[kReplyHeaders]`: lower-case names to values, handed to Node's `writeHead` as it is).
 *
 * For the few headers set on every partner-API answer (the rate-limit headers) only. `reply.header(name, value)`
 * lower-cases the name, reads the object by that name (the `set-cookie` case) and stores through one keyed site
 * shared by every header of the application, which V8 can only handle as megamorphic: measured on these
 * machines, the five rate-limit headers spent more in those two steps than in anything else of the limiter. A
 * store with a literal lower-case name into the object is what `reply.header` does in the end, minus the
 * lookups.
 *
 * The symbol is Fastify's own (lib/symbols.js, stable through Fastify 4 and 5), not a public API. When it
 * cannot be found, `replyHeaders` answers null and callers use `reply.header`; test/usage/rate-limit.test.ts
 * checks that the direct path is the one in use, so an upgrade that moves it fails a test rather than quietly
 * slowing every answer.
 */
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';

const require = createRequire(import.meta.url);

function findSymbol(): symbol | null {
  try {
    const s = (require('fastify/lib/symbols.js') as { kReplyHeaders?: unknown }).kReplyHeaders;
    return typeof s === 'symbol' ? s : null;
  } catch {
    return null;
  }
}

const kReplyHeaders = findSymbol();

/** Header values as Fastify keeps them (and as `reply.headers` takes them). */
export type HeaderValues = Record<string, string | number | string[] | undefined>;

/** The reply's pending header object, or null when Fastify does not keep one where this module expects it. */
export function replyHeaders(reply: FastifyReply): HeaderValues | null {
  if (kReplyHeaders === null) return null;
  const h = (reply as unknown as Record<symbol, unknown>)[kReplyHeaders];
  return typeof h === 'object' && h !== null ? (h as HeaderValues) : null;
}
