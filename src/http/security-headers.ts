/**
 * Security headers, at the least cost to the partner API:
 *  - every answer (JSON, CSV, errors, 404s) carries `X-Content-Type-Options: nosniff`, stored by
 *    app.ts's first hook next to the request id (one store, no plugin on the hot path);
 *  - HTML pages (API docs, integration guide, blog, changelog) get @fastify/helmet, registered
 *    inside the encapsulated scope that holds them (`pageHelmet`), so its hooks run for those
 *    pages only: a Content-Security-Policy without inline or eval scripts, framing refused
 *    (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), `Referrer-Policy: no-referrer`, and
 *    helmet's other defaults;
 *  - an answer that carries a key, secret or session token declares `config: { noStore: true }`
 *    on its route; one onRoute hook gives those routes (and only those) a hook that sets
 *    `Cache-Control: no-store`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, onRequestHookHandler } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries a key, secret or token: `Cache-Control: no-store`. */
    noStore?: boolean;
  }
}

export type CspDirectives = Record<string, string[]>;

/** What every page's policy starts from: nothing allowed, no framing, no base or form targets. */
const BASE_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** @fastify/helmet's options for a scope of HTML pages, with `csp` added to the base policy. */
export function pageHelmet(csp: CspDirectives): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { ...BASE_CSP, ...csp } },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  };
}

function noStore(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('cache-control', 'no-store');
  done();
}

/** Gives every route declared with `config: { noStore: true }` the no-store hook. Call before routes are added. */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.noStore) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [noStore as onRequestHookHandler, ...existing];
  });
}
