/** The request log's reads (key, portal and console forms), retention and erasure. */
import type { Deps } from '../../context.js';
import type { Environment, RequestLogTable } from '../../db/schema/index.js';
import { parseDateRange } from '../../http/date-range.js';
import { errors } from '../../http/errors.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { DAY_MS, iso } from '../../lib/time.js';
import { findPartnerById } from '../partners/repo.js';
import { bodyNeedle, rowMatches, serviceIdTime, sortNewestFirst, walkBlocks } from './blocks.js';
import {
  blockMetas,
  blockRows,
  blockRowsOfRequestTime,
  findRequestLogRow,
  pageRequestLog,
  pruneRequestLog,
  rollRequestLogPartitions,
  scanWindowEnd,
  type RequestLogFilter,
  type RequestLogTableName,
} from './repo.js';
import { PATH_SCAN_BLOCKS, PATH_SCAN_ROWS, type RequestLogQuery } from './schemas.js';

export interface LogReader {
  partnerId: string;
  environment: Environment;
}

/** Day partitions made ahead of time (PostgreSQL). */
export const PARTITIONS_AHEAD_DAYS = 3;

function entry(r: RequestLogTable) {
  return {
    request_id: r.request_id,
    at: iso(Number(r.at)),
    environment: r.environment,
    credential: r.credential as 'api_key' | 'session',
    key_id: r.key_id,
    method: r.method,
    route: r.route,
    path: r.path,
    status: Number(r.status),
    error_code: r.error_code,
    error_detail: r.error_detail,
    duration_ms: Number(r.duration_us) / 1000,
    client_ip: r.client_ip,
    user_agent: r.user_agent,
  };
}

export { PATH_SCAN_ROWS };

function statusFilter(status: string): { statusClass: number; exact: number | null } {
  if (status.endsWith('xx')) return { statusClass: Number(status[0]), exact: null };
  const n = Number(status);
  return { statusClass: Math.floor(n / 100), exact: n };
}

/** The rows of blocks holding a service-made request id (none for an id the client chose). */
async function blockRowsOfRequest(deps: Pick<Deps, 'database'>, reader: LogReader, requestId: string): Promise<RequestLogTable[]> {
  const madeAt = serviceIdTime({ request_id: requestId });
  if (madeAt === null) return [];
  const rows = await blockRowsOfRequestTime(deps.database.db, reader.partnerId, reader.environment, madeAt);
  return rows.filter((r) => r.request_id === requestId);
}

/**
 * One page of the caller's requests, newest first. Every request is in a block (blocks.ts); the answers that are not
 * 2xx and client-chosen request ids are also kept one by one:
 * - a status filter of another class than 2xx reads those rows through their status index;
 * - a request-id search reads them through their own index, and the blocks of the time a service-made id was made at;
 * - every other page merges the partner's blocks newest first. A filter whose matches may be rare among them (a path
 *   prefix, 2xx where an account's calls fail) reads a bounded window of rows and says where it stopped.
 */
export async function listRequests(deps: Pick<Deps, 'database'>, reader: LogReader, q: RequestLogQuery) {
  const range = parseDateRange(q);
  let before: RequestLogFilter['before'];
  if (q.cursor) {
    const [at, id] = decodeCursor(q.cursor, ['number', 'string'] as ['number', 'string']);
    before = { at, id };
  }
  const filter: RequestLogFilter = {
    partnerId: reader.partnerId,
    environment: reader.environment,
    status: q.status ? statusFilter(q.status) : undefined,
    pathPrefix: q.path,
    since: range.since,
    until: range.until,
    requestId: q.request_id,
    before,
  };
  const db = deps.database.db;
  const need = q.limit + 1;
  let rows: RequestLogTable[];
  // Where the next page starts when a bounded window ended before the page filled.
  let resume: [number, string] | null = null;
  if (filter.requestId !== undefined) {
    const [inBlocks, single] = await Promise.all([blockRowsOfRequest(deps, reader, filter.requestId), pageRequestLog(db, filter, need)]);
    const fromBlocks = inBlocks.filter((r) => rowMatches(r, filter));
    const byId = new Map([...single, ...fromBlocks].map((r) => [r.id, r]));
    rows = sortNewestFirst([...byId.values()]).slice(0, need);
  } else if (filter.status && filter.status.statusClass !== 2) {
    // A path prefix may match one row in millions of a class: the page reads a bounded window of the class's rows.
    const windowEnd = q.path !== undefined ? await scanWindowEnd(db, filter, PATH_SCAN_ROWS) : undefined;
    rows = await pageRequestLog(db, { ...filter, notBefore: windowEnd }, need);
    if (windowEnd) resume = [windowEnd.at, windowEnd.id];
  } else {
    const rare = q.path !== undefined || filter.status !== undefined;
    const walked = await walkBlocks(
      {
        metas: (after, limit) => blockMetas(db, filter, after, limit),
        rows: (blocks) => blockRows(db, reader.partnerId, reader.environment, blocks, bodyNeedle(filter)),
      },
      filter,
      need,
      rare ? { rows: PATH_SCAN_ROWS, blocks: PATH_SCAN_BLOCKS } : undefined,
    );
    rows = walked.rows;
    // Every row answered after the frontier was read: the next page starts with those answered at or before it.
    if (walked.frontier !== null) resume = [walked.frontier + 1, ''];
  }
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  let next: string | null = null;
  if (rows.length > q.limit && last) next = encodeCursor([Number(last.at), last.id]);
  else if (resume) next = encodeCursor(resume);
  return { items: page.map(entry), next_cursor: next };
}

/** The caller's request of that X-Request-Id (the newest, should a client have sent one id twice); 404 otherwise. */
export async function getRequest(deps: Pick<Deps, 'database'>, reader: LogReader, requestId: string) {
  const row =
    (await findRequestLogRow(deps.database.db, reader.partnerId, reader.environment, requestId)) ??
    sortNewestFirst(await blockRowsOfRequest(deps, reader, requestId))[0];
  if (!row) throw errors.notFound(`No request '${requestId}' in this account's ${reader.environment} request log (kept for a limited number of days)`);
  return entry(row);
}

/** The console's read: 404 for an unknown partner. */
export async function partnerRequests(deps: Pick<Deps, 'database'>, partnerId: string, environment: Environment, q: RequestLogQuery) {
  if (!(await findPartnerById(deps.database.db, partnerId))) throw errors.notFound(`No partner with id '${partnerId}'`);
  return listRequests(deps, { partnerId, environment }, q);
}

export async function partnerRequest(deps: Pick<Deps, 'database'>, partnerId: string, environment: Environment, requestId: string) {
  if (!(await findPartnerById(deps.database.db, partnerId))) throw errors.notFound(`No partner with id '${partnerId}'`);
  return getRequest(deps, { partnerId, environment }, requestId);
}

export function requestLogRetentionMs(deps: Pick<Deps, 'config'>): number {
  return deps.config.requestLogRetentionDays * DAY_MS;
}

/**
 * Retention (the maintenance worker): PostgreSQL creates the coming days' partitions and drops the expired ones;
 * rows older than the retention in the table (SQLite) or the default partition (PostgreSQL) are deleted a batch
 * at a time through `prune` (the worker's bounded loop).
 */
export async function rollRequestLog(deps: Pick<Deps, 'database' | 'config' | 'clock'>) {
  const now = deps.clock.now();
  return rollRequestLogPartitions(deps.database, now, PARTITIONS_AHEAD_DAYS, now - requestLogRetentionMs(deps));
}

export function pruneRequestLogBatch(deps: Pick<Deps, 'database' | 'config' | 'clock'>, table: RequestLogTableName, batch: number): Promise<number> {
  return pruneRequestLog(deps.database, table, deps.clock.now() - requestLogRetentionMs(deps), batch);
}
