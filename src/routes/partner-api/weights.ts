/**
 * The rate-limit weight of every partner-API route: how many requests of the key's per-second budget one request
 * counts for. One table, measured, not guessed: bench/route-costs.bench.ts measures the server's CPU time per
 * request of every route at its largest page or body, on SQLite and PostgreSQL, in units of a plain cheap request
 * (GET /api/v1/me), the larger of the two databases' figures, the median of three runs. A request costing COSTLY
 * units or more weighs as many as its CPU time pays for, rounded down, at most WEIGHT_CAP; one costing less
 * (calculate, ingest with an ordinary body, the small reads and writes: up to about twice a cheap request) counts 1
 * (bench/README.md has the measured tables). A route whose cost grows with its page or body is measured at both
 * ends (PageWeight, BodyWeight); a streamed export by one of its batches.
 *
 * A request weighing more than 1 is costly: besides its weight in the key's budget, a key may have at most
 * KEY_COSTLY_IN_FLIGHT of weight in progress at once, and its costly requests are paced over its second
 * (src/areas/metering/index.ts). Every route the partner-API
 * scope registers must have a row here (`weighPartnerRoutes` refuses to register one without), in both path
 * forms; test/metering/route-weights.test.ts holds the table and the routes equal.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/** No request weighs more (the hook also caps a weight at the key's own limit). */
export const WEIGHT_CAP = 20;

/** Well above a cheap request: from this many cheap requests' worth of CPU a request weighs what it costs. */
export const COSTLY = 3;

/**
 * A route whose cost grows with the page it is asked for: measured at a page of 1 and at its largest page, a
 * request weighs the straight line between the two at the page it asks for, rounded down.
 */
export interface PageWeight {
  /** The query parameter that sizes the page, its default and its largest value. */
  param: string;
  default: number;
  largest: number;
  /** The weights of a page of 1 and of the largest page. */
  smallest: number;
  weight: number;
}

/**
 * A route whose cost grows with its body (parsing and validating it): measured with a small body and with its
 * largest valid one (`bytes` long), a request weighs the straight line through the two at its Content-Length,
 * rounded down, up to WEIGHT_CAP (a larger body is refused by validation only once it has been parsed); without
 * a Content-Length, the largest valid body's weight.
 */
export interface BodyWeight {
  body: true;
  bytes: number;
  smallest: number;
  weight: number;
}

export type RouteWeight = number | PageWeight | BodyWeight;

/**
 * Every operation of the API-key scope by method and /api/v1 path; the /v1 form weighs the same unless it has a
 * row of its own (where the two forms differ). Each figure is the median of three runs of the benchmark
 * (2026-11-27; bench/README.md, "What every partner-API route costs").
 */
const OPERATIONS = {
  'GET /api/v1/me': 1,
  'GET /api/v1/secrets': 1,
  'POST /api/v1/calculate/safe-to-spend': 1,
  'GET /api/v1/usage': 1,
  'GET /api/v1/usage/alerts': 1,
  'PUT /api/v1/usage/alerts': 3,
  'DELETE /api/v1/usage/alerts': 1,
  'POST /api/v1/usage/alerts/verify-email/resend': 1,
  // An export weighs one of its batches (250 and 500 rows): what it puts on the event loop at once. Its length is
  // bounded otherwise: one export per partner and environment at a time (deps.exports), taking turns between batches.
  // A page of at most 100 rows from the (partner, environment, time) index: a cheap read (bench/request-log.bench.ts).
  'GET /api/v1/requests': 1,
  'GET /api/v1/requests/:request_id': 1,
  'GET /api/v1/reports/calculations.csv': 4,
  'GET /api/v1/reports/usage.csv': 3,
  'GET /api/v1/reports/webhooks.csv': 8,
  'POST /api/v1/ingest': { body: true, bytes: 48_000, smallest: 1, weight: 3 },
  'GET /api/v1/ingest/calculations': { param: 'limit', default: 100, largest: 500, smallest: 1, weight: 4 },
  'GET /api/v1/ingest/calculation/:user_id': 1,
  'DELETE /api/v1/ingest/user/:user_id': 3,
  'POST /api/v1/key/rotate': 3,
  'POST /api/v1/secrets/rotate': 1,
  'GET /api/v1/webhooks': 1,
  'POST /api/v1/webhooks': 1,
  'DELETE /api/v1/webhooks': 1,
  'POST /api/v1/webhooks/rotate-secret': 1,
  'GET /api/v1/webhooks/deliveries': { param: 'limit', default: 100, largest: 1000, smallest: 1, weight: 10 },
  'POST /api/v1/webhooks/deliveries/:delivery_id/resend': 4,
  'POST /api/v1/webhooks/test': 1,
  'GET /api/v1/webhooks/events': { param: 'limit', default: 50, largest: 100, smallest: 1, weight: 2 },
  // The newest 50 attempts, each with its headers and up to 4 KiB of the receiver's answer.
  'GET /api/v1/webhooks/events/:event_id': 4,
  'POST /api/v1/webhooks/events/:event_id/resend': 4,
  // Opening a stream is one read; what follows is bounded by WEBHOOK_STREAMS_PER_KEY, not by the rate limit.
  'GET /api/v1/webhooks/stream': 1,
  'POST /api/v1/link/token/create': 1,
  'POST /api/v1/accounts/link': 5,
  'GET /api/v1/accounts': 4,
  'GET /v1/accounts': 4,
  'GET /api/v1/transactions': { param: 'limit', default: 10, largest: 100, smallest: 7, weight: 11 },
  'GET /v1/transactions': { param: 'limit', default: 100, largest: 500, smallest: 3, weight: 12 },
  'POST /api/v1/transfers': 1,
  'GET /api/v1/sandbox/transfers/:transfer_id': 1,
  'POST /api/v1/sandbox/transfers/:transfer_id/simulate': 1,
  'POST /api/v1/sandbox/webhooks/fire': 1,
  'GET /api/v1/insights/cashflow': 4,
  'GET /v1/insights/cashflow': 4,
} as const satisfies Record<string, RouteWeight>;

type Operation = keyof typeof OPERATIONS;
type ReferenceForm<K> = K extends `${infer M} /api/v1/${infer P}` ? `${M} /v1/${P}` : never;
export type RouteKey = Operation | ReferenceForm<Operation>;

/** Every route by `METHOD path`, both forms. */
export const ROUTE_WEIGHTS: Readonly<Record<RouteKey, RouteWeight>> = (() => {
  const all: Record<string, RouteWeight> = {};
  for (const [k, w] of Object.entries(OPERATIONS)) {
    all[k] = w;
    const ref = k.replace(/^(\w+) \/api\/v1\//, '$1 /v1/');
    if (ref !== k && !(ref in OPERATIONS)) all[ref] = w;
  }
  return all as Record<RouteKey, RouteWeight>;
})();

/**
 * The weight of one request of a route with weight `w`, from its query and headers as sent (read before
 * validation, so anything may be there).
 */
export function requestWeight(w: RouteWeight, query: unknown, headers: Record<string, unknown> = {}): number {
  if (typeof w === 'number') return w;
  if ('body' in w) {
    const raw = headers['content-length'];
    if (typeof raw !== 'string' || !/^\d{1,12}$/.test(raw)) return w.weight;
    return Math.max(1, Math.min(WEIGHT_CAP, Math.floor(w.smallest + ((w.weight - w.smallest) * Number(raw)) / w.bytes)));
  }
  const raw = (query as Record<string, unknown> | undefined)?.[w.param];
  const n = typeof raw === 'string' && /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  // A size validation will refuse (not a number, or out of range) is counted as the default page.
  const size = n >= 1 && n <= w.largest ? n : w.default;
  return Math.max(1, Math.floor(w.smallest + ((w.weight - w.smallest) * (size - 1)) / Math.max(1, w.largest - 1)));
}

/** The largest weight a request of the route can have. */
export function largestWeight(w: RouteWeight): number {
  return typeof w === 'number' ? w : 'body' in w ? WEIGHT_CAP : w.weight;
}

/** How a costly route is weighed, in words (for the refusal of a costly request). */
export function weightRule(key: string, w: RouteWeight): string {
  if (typeof w === 'number') return `${key} weighs ${w}`;
  if ('body' in w) return `${key} weighs ${w.smallest} for a small body and ${w.weight} for ${w.bytes} bytes`;
  return `${key} weighs ${w.smallest} for \`${w.param}=1\` up to ${w.weight} for ${w.largest}`;
}

/** The sentences a costly operation's description ends with in the API document. */
export function weightNote(w: RouteWeight): string {
  const how =
    typeof w === 'number'
      ? `${w} requests`
      : 'body' in w
        ? `${w.smallest} request for an ordinary body up to ${w.weight} for ${w.bytes} bytes, and more beyond (by Content-Length, rounded down)`
        : `${w.smallest} requests for \`${w.param}=1\` up to ${w.weight} for \`${w.param}=${w.largest}\` (in proportion between, rounded down)`;
  return (
    `Rate limit: counts as ${how} of the key's per-second limit. A request counting more than 1 is costly: while in progress it also ` +
    "counts against the key's bound on costly requests (KEY_COSTLY_IN_FLIGHT; beyond it, 429 `costly_request_in_progress`), and it starts " +
    "at least its weight / limit seconds after the key's previous costly request (it waits for its turn if it comes sooner)."
  );
}

/**
 * Gives every route registered in `app` (the partner-API scope and the scopes inside it) its weight from the
 * table; a costly one gets `config.rateWeight` and `config.rateWeightRule`, which the key's rate-limit hook reads, and its weight stated at the end of its description in the API document. A route without a row is
 * refused at registration: the application does not start.
 */
export function weighPartnerRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const weights = methods.map((m) => {
      const key = `${m === 'HEAD' ? 'GET' : m} ${route.url}`;
      const w = (ROUTE_WEIGHTS as Record<string, RouteWeight | undefined>)[key];
      if (w === undefined) {
        throw new Error(`${key}: every partner-API route needs its weight in src/routes/partner-api/weights.ts (measured with bench/route-costs.bench.ts)`);
      }
      return { key, w };
    });
    const { key, w } = weights[0];
    if (largestWeight(w) <= 1) return;
    route.config = {
      ...route.config,
      rateWeight: typeof w === 'number' ? () => w : (request: FastifyRequest) => requestWeight(w, request.query, request.headers),
      rateWeightRule: weightRule(key, w),
    };
    route.schema = { ...route.schema, description: [route.schema?.description, weightNote(w)].filter(Boolean).join(' ') };
  });
}

/** The table's weight of a request of `route` with the query string `query` (the benchmark prints it beside the measured one). */
export function weightOf(route: RouteKey, query = ''): number {
  return requestWeight(ROUTE_WEIGHTS[route], Object.fromEntries(new URLSearchParams(query)));
}
