/**
 * Usage metering, rate limits, alerts and reports (issue 5).
 *   usageKeyScopeHooks  adds the rate-limit and metering hook to the API-key scope
 *   usageV1KeyRoutes    inside the API-key scope (usage, usage/alerts, reports/*.csv)
 *   usageRoutes         under /api (admin mail outbox)
 */
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { errorResponses, security } from '../../http/schemas.js';
import { iso } from '../../lib/time.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitHeaders, tooMany, type Decision } from './rate-limit.js';
import { calculationsCsv, envName, today, usageCsv } from './reports.js';
import { csvAttachment } from '../../http/csv.js';
import { parseDateRange } from '../../http/date-range.js';
import { listMailOutbox } from './repo.js';
import {
  AlertsDeleted,
  CalculationsCsvQuery,
  CsvResponse,
  MailOutboxList,
  MailOutboxQuery,
  UsageAlertBody,
  UsageAlertConfig,
  UsageCsvQuery,
  UsageRecord,
} from './schemas.js';
import { currentUsage, deleteAlerts, getAlerts, putAlerts } from './service.js';

const KEY_WINDOW_MS = 1000;

/**
 * Runs on every authenticated partner-API request, after the key guard: the rate
 * limit (headers on every answer, 429 over the limit) and one counted call. A
 * refused request is not counted. Nothing here touches the database.
 */
export const usageKeyScopeHooks: Area = async (app, { deps }) => {
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
    if (!d.allowed) return done(tooMany(d));
    meter.recordCall(request.partner.id, request.environment, d.now);
    done();
  }
};

export const usageV1KeyRoutes: Area = async (app, { deps }) => {
  const r = typed(app);
  const caller = (request: { partner: { id: string }; environment: 'test' | 'live' }) => ({ partnerId: request.partner.id, environment: request.environment });

  r.get(
    '/usage',
    {
      schema: {
        operationId: 'getUsage',
        tags: ['usage'],
        summary: 'Usage of the current month (UTC): calls, unique end-users and estimated bill, per environment',
        description: 'Counts are exact; calls made through other server processes appear within one flush interval (USAGE_FLUSH_MS, 1 s by default).',
        security: security.key,
        response: { 200: UsageRecord, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => currentUsage(deps, caller(request)),
  );

  r.get(
    '/usage/alerts',
    {
      schema: {
        operationId: 'getUsageAlerts',
        tags: ['usage'],
        summary: "The usage alert thresholds of the key's environment, the current values and what fired this month",
        security: security.key,
        response: { 200: UsageAlertConfig, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => getAlerts(deps, caller(request)),
  );

  r.put(
    '/usage/alerts',
    {
      schema: {
        operationId: 'putUsageAlerts',
        tags: ['usage'],
        summary: "Sets the usage alert thresholds and notify email of the key's environment",
        security: security.key,
        body: UsageAlertBody,
        response: { 200: UsageAlertConfig, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request) => putAlerts(deps, caller(request), request.body),
  );

  r.delete(
    '/usage/alerts',
    {
      schema: {
        operationId: 'deleteUsageAlerts',
        tags: ['usage'],
        summary: "Clears every usage alert threshold of the key's environment",
        description: 'What already fired this month stays recorded, so setting the same threshold again does not notify twice in one month.',
        security: security.key,
        response: { 200: AlertsDeleted, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => deleteAlerts(deps, caller(request)),
  );

  r.get(
    '/reports/calculations.csv',
    {
      schema: {
        operationId: 'reportCalculationsCsv',
        tags: ['reports'],
        summary: "Every cached calculation of the key's environment with its breakdown (CSV, oldest first)",
        security: security.key,
        querystring: CalculationsCsvQuery,
        produces: ['text/csv'],
        response: { 200: CsvResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const range = parseDateRange(request.query);
      deps.exports.hold(reply, `${request.partner.id}|${request.environment}`);
      csvAttachment(reply, `calculations-${envName(request.environment)}-${today(deps)}.csv`);
      return reply.send(calculationsCsv(deps, caller(request), range) as never);
    },
  );

  r.get(
    '/reports/usage.csv',
    {
      schema: {
        operationId: 'reportUsageCsv',
        tags: ['reports'],
        summary: "Calls, unique end-users and estimated bill per month of the key's environment (CSV, oldest month first)",
        security: security.key,
        querystring: UsageCsvQuery,
        produces: ['text/csv'],
        response: { 200: CsvResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      try {
        await deps.usage.flush();
      } catch (err) {
        request.log.warn({ err }, 'usage flush before usage.csv failed');
      }
      const stream = await usageCsv(deps, caller(request), request.query.months);
      csvAttachment(reply, `usage-${envName(request.environment)}-${today(deps)}.csv`);
      return reply.send(stream as never);
    },
  );
};

export const usageRoutes: Area = async (app, { deps, guards }) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', guards.adminSession);
    const r = typed(scope);
    r.get(
      '/admin/mail-outbox',
      {
        schema: {
          operationId: 'adminListMailOutbox',
          tags: ['admin'],
          summary: 'Mail kept by the service instead of being sent (no SMTP_URL, or refused by the SMTP server), newest first',
          security: security.adminSession,
          querystring: MailOutboxQuery,
          response: { 200: MailOutboxList, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => {
        const q = request.query;
        const before = q.cursor ? (decodeCursor(q.cursor, ['number', 'string']) as [number, string]) : null;
        const rows = await listMailOutbox(deps.database.db, { limit: q.limit + 1, status: q.status, kind: q.kind, before });
        const page = rows.slice(0, q.limit);
        const last = page[page.length - 1];
        const mailer = deps.mailer as { transport?: string };
        return {
          items: page.map((m) => ({
            id: m.id,
            kind: m.kind,
            to: m.to_address,
            subject: m.subject,
            text: m.text_body,
            html: m.html_body,
            status: m.status,
            error: m.error,
            created_at: iso(Number(m.created_at)),
          })),
          next_cursor: rows.length > q.limit && last ? encodeCursor([Number(last.created_at), last.id]) : null,
          count: page.length,
          transport: mailer.transport ?? 'smtp',
        };
      },
    );
  });
};
