/**
 * Usage metering and rate limits of the API-key scope.
 *   usageKeyScopeHooks  adds the rate-limit and metering hook to the API-key scope (src/routes/partner-api/index.ts)
 */
import type { Deps } from '../../context.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../http/errors.js';
import { SELF_PROBE_ID } from '../../http/self-probe.js';
import { CostlyInFlight, RateLimitHeaders, tooMany, type Decision } from './rate-limit.js';

const KEY_WINDOW_MS = 1000;

/**
 * Runs on every authenticated partner-API request, after the key guard: the rate
 * limit (headers on every answer, 429 over the limit), the bound on costly requests in
 * progress per key and their pacing over the key's second, and one counted call. A refused request
 * is not counted, nor the status probe's (src/http/self-probe.ts). Nothing here touches the database.
 */
export async function usageKeyScopeHooks(app: FastifyInstance, { deps }: { deps: Pick<Deps, 'config' | 'limiter' | 'metrics' | 'usage'> }): Promise<void> {
  // The meter and the limiter are started and closed with the other services (deps.start/close).
  const meter = deps.usage;
  const limiter = deps.limiter;
  const headers = new RateLimitHeaders('default', KEY_WINDOW_MS);
  const costly = new CostlyInFlight(deps.config.keyCostlyInFlight);
  // A callback-style hook: with the in-memory limiter nothing here allocates a promise or a closure.
  app.addHook('onRequest', (request, reply, done) => {
    const limit = request.partner.rate_limit_per_second ?? deps.config.rateLimitPerSecond;
    // API key ids (`key_…`) are their own bucket names; public-write buckets are `ip:…`.
    const weigh = request.routeOptions.config.rateWeight;
    const weight = weigh === undefined ? 1 : Math.min(limit, weigh(request));
    const d = limiter.hit(request.apiKeyId, limit, KEY_WINDOW_MS, weight);
    if (d instanceof Promise) d.then((x) => finish(request, reply, done, x, weight), (err: Error) => done(err));
    else finish(request, reply, done, d, weight);
  });
  function finish(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void, d: Decision, weight: number) {
    headers.set(reply, d);
    if (!d.allowed) {
      deps.metrics.rateLimitRejected('api_key');
      return done(tooMany(d));
    }
    // A request weighing more than one plain request is costly: it also counts against the key's bound in progress.
    if (weight > 1) {
      const key = request.apiKeyId;
      if (!costly.take(key, weight)) {
        deps.metrics.rateLimitRejected('api_key_costly');
        return done(
          errors.costlyRequestInProgress(
            `This key already has costly requests in progress (weighing ${costly.holding(key)} of the ${costly.max} a key may have at once` +
              `${request.routeOptions.config.rateWeightRule ? `; ${request.routeOptions.config.rateWeightRule}` : ''}): wait for them to answer before sending more, or ask for smaller pages`,
          ),
        );
      }
      // Released when the answer is finished or its connection closes, whichever comes first.
      reply.raw.once('close', () => costly.release(key, weight));
      // Spread over the key's second: it starts once the key's previous costly request has had its share.
      const wait = costly.pace(key, weight, d.limit);
      if (wait > 0) {
        setTimeout(() => {
          countCall(request, d.now);
          done();
        }, wait);
        return;
      }
    }
    countCall(request, d.now);
    done();
  }
  // The status probe is limited in a bucket of its own but is nobody's usage.
  function countCall(request: FastifyRequest, at: number) {
    if (request.apiKeyId !== SELF_PROBE_ID) meter.recordCall(request.partner.id, request.environment, at);
  }
}
