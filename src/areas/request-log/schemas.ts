/** Request and answer schemas of the request log's operations (key, portal session and console forms). */
import { Type, type Static } from 'typebox';
import { IsoDateTime, Nullable } from '../../http/schemas.js';

export const PAGE_MAX = 100;
/** A path or 2xx search reads at most this many rows per page (newest first); a page it leaves short still has next_cursor. */
export const PATH_SCAN_ROWS = 20_000;
/** …and at most this many stored blocks (a quiet account's blocks hold a request each: src/areas/request-log/blocks.ts). */
export const PATH_SCAN_BLOCKS = 2_000;
const WINDOW = PATH_SCAN_ROWS.toLocaleString('en-US');

const RequestIdPattern = '^[A-Za-z0-9._:-]{1,128}$';

const filters = {
  limit: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 50, description: `Rows per page (at most ${PAGE_MAX}), newest first` }),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'next_cursor of the previous page, unchanged' })),
  status: Type.Optional(
    Type.String({
      pattern: '^([1-5]xx|[1-5][0-9]{2})$',
      description:
        'A class (`2xx`, `4xx`, `5xx`) or an exact status (`429`). A `2xx` search reads at most ' + WINDOW + ' requests per page, newest first: ' +
        'a page may come back short, even empty, with a `next_cursor` to go on from where it stopped',
      examples: ['4xx'],
    }),
  ),
  path: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        'A prefix of the route template (`/api/v1/ingest/calculation/:user_id`) or of the logged path, case-sensitive. The logged path keeps no ' +
        'end-user id (`/api/v1/ingest/calculation/[redacted]`, `/api/v1/accounts?user_id=[redacted]`): search one end user’s requests by ' +
        'their X-Request-Id, not by their id. A path search reads at most ' + WINDOW + ' requests per page, newest first: a page may come back ' +
        'short, even empty, with a `next_cursor` to go on from where it stopped',
    }),
  ),
  since: Type.Optional(Type.String({ maxLength: 64, description: 'From this instant (inclusive): an ISO 8601 date or date-time with a time zone' })),
  until: Type.Optional(Type.String({ maxLength: 64, description: 'Before this instant (exclusive); a bare date means up to the end of that UTC day' })),
  request_id: Type.Optional(Type.String({ pattern: RequestIdPattern, description: 'The X-Request-Id of the answer' })),
};

export const RequestLogQuery = Type.Object(filters);
export type RequestLogQuery = Static<typeof RequestLogQuery>;

const environment = Type.Enum(['test', 'live'], {
  description:
    "test or live. Default: the environment of the key that opened the session, else live. A session opened with an API key reads only that key's environment (the other one is 403).",
});

export const MyRequestLogQuery = Type.Object({ ...filters, environment: Type.Optional(environment) });
export const MyRequestQuery = Type.Object({ environment: Type.Optional(environment) });

export const AdminRequestLogQuery = Type.Object({
  ...filters,
  environment: Type.Enum(['test', 'live'], { default: 'live', description: 'The environment whose requests are listed (default live)' }),
});
export const AdminRequestQuery = Type.Object({ environment: Type.Enum(['test', 'live'], { default: 'live' }) });

export const RequestIdParams = Type.Object({ request_id: Type.String({ pattern: RequestIdPattern, description: 'The X-Request-Id of the answer' }) });
export const AdminRequestIdParams = Type.Object({
  partner_id: Type.String({ minLength: 1, maxLength: 120 }),
  request_id: Type.String({ pattern: RequestIdPattern }),
});

export const RequestLogEntry = Type.Object(
  {
    request_id: Type.String({ description: 'The X-Request-Id answered (your own when you sent a valid one)' }),
    at: IsoDateTime,
    environment: Type.Enum(['test', 'live']),
    credential: Type.Enum(['api_key', 'session'], { description: 'api_key: an API key; session: the portal (a signed-in session)' }),
    key_id: Nullable(Type.String({ description: 'The key slot that sent it (its id, never the key); null for a session' })),
    method: Type.String(),
    route: Type.String({ description: "The operation's path template" }),
    path: Type.String({
      description:
        'The path and query as sent, every credential-like value and every value naming an end user (`user_id`, `end_user_id` path ' +
        'parameters and query values) masked as [redacted] when the request was recorded, so that no end-user id outlives its erasure here',
    }),
    status: Type.Integer(),
    error_code: Nullable(Type.String({ description: 'The error answer’s `code` (4xx and 5xx)' })),
    error_detail: Nullable(
      Type.String({
        description:
          'The error answer’s `detail`, at most 500 characters (JSON text when it was a list), every end-user id the request named masked as [redacted]',
      }),
    ),
    duration_ms: Type.Number({ description: 'Time from the request read to the answer sent, in milliseconds (microsecond precision)' }),
    client_ip: Nullable(Type.String()),
    user_agent: Nullable(Type.String({ description: 'At most 200 characters' })),
  },
  { title: 'RequestLogEntry' },
);

export const RequestLogPage = Type.Object(
  {
    items: Type.Array(RequestLogEntry),
    next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next (older) page; null on the last page' })),
  },
  { title: 'RequestLogPage' },
);
