/**
 * Usage metering and rate limits of the API-key scope.
 *   usageKeyScopeHooks  adds the rate-limit and metering hook to the API-key scope (src/routes/partner-api/index.ts)
 */
import type { Deps } from '../../context.js';
import { isManaged } from './meter.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { closeLimiter, limiterFor, RateLimitHeaders, tooMany, type Decision } from './rate-limit.js';

const KEY_WINDOW_MS = 1000;

/** Applications whose partner-API calls are neither limited nor metered (benchmark baseline only). */
const hooksOff = new WeakSet<Deps>();
export function disableUsageHooksForBaseline(deps: Deps): void {
  hooksOff.add(deps);
}

/**
 * Runs on every authenticated partner-API request, after the key guard: the rate
 * limit (headers on every answer, 429 over the limit) and one counted call. A
 * refused request is not counted. Nothing here touches the database.
 */
export async function usageKeyScopeHooks(app: FastifyInstance, { deps }: { deps: Deps }): Promise<void> {
  const meter = deps.usage;
  if (isManaged(meter)) meter.start();
  app.addHook('onClose', async () => {
    if (isManaged(meter)) meter.stop();
    await closeLimiter(deps);
  });
  // The benchmark's baseline registers no hook at all (decided once, not on every request).
  if (hooksOff.has(deps)) return;
  const limiter = limiterFor(deps);
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
    if (!d.allowed) return done(tooMany(d));
    meter.recordCall(request.partner.id, request.environment, d.now);
    done();
  }
}
