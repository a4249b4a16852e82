/**
 * Usage metering and rate limits of the API-key scope.
 *   usageKeyScopeHooks  adds the rate-limit and metering hook to the API-key scope (src/routes/partner-api/index.ts)
 */
import type { Deps } from '../../context.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitHeaders, tooMany, type Decision } from './rate-limit.js';

const KEY_WINDOW_MS = 1000;

/**
 * Runs on every authenticated partner-API request, after the key guard: the rate
 * limit (headers on every answer, 429 over the limit) and one counted call. A
 * refused request is not counted. Nothing here touches the database.
 */
export async function usageKeyScopeHooks(app: FastifyInstance, { deps }: { deps: Deps }): Promise<void> {
  // The meter and the limiter are started and closed with the other services (deps.start/close).
  const meter = deps.usage;
  const limiter = deps.limiter;
  const headers = new RateLimitHeaders('default', KEY_WINDOW_MS);
  // A callback-style hook: with the in-memory limiter nothing here allocates a promise or a closure.
  app.addHook('onRequest', (request, reply, done) => {
    const limit = request.partner.rate_limit_per_second ?? deps.config.rateLimitPerSecond;
    // API key ids (`key_…`) are their own bucket names; public-write buckets are `ip:…`.
    const weigh = request.routeOptions.config.rateWeight;
    const d = limiter.hit(request.apiKeyId, limit, KEY_WINDOW_MS, weigh === undefined ? 1 : Math.min(limit, weigh(request)));
    if (d instanceof Promise) d.then((x) => finish(request, reply, done, x), (err: Error) => done(err));
    else finish(request, reply, done, d);
  });
  function finish(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void, d: Decision) {
    headers.set(reply, d);
    if (!d.allowed) {
      deps.metrics.rateLimitRejected('api_key');
      return done(tooMany(d));
    }
    meter.recordCall(request.partner.id, request.environment, d.now);
    done();
  }
}
