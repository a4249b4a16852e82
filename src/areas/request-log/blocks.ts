/**
 * The request log's blocks: the requests of one writer flush, partner and environment, stored as one row of
 * request_log_blocks (migration 0039), and how a page is read from them.
 *
 * A block's rows are stored by column: one JSON array per column of ROW_COLUMNS, holding a value per row, or one
 * value when every row has the same (a busy client's key, route, address and user agent are written once). A block
 * spans at most BLOCK_SPAN_MS of answer times and RID_SPAN_MS of service-made request ids, so that a page from a cursor
 * and a lookup by request id each read a bounded range of blocks. Blocks of one partner may overlap in time (two processes flushing side by side): a page
 * merges them, newest first, and only returns rows no unread block can precede.
 */
import type { Environment, RequestLogBlockTable, RequestLogTable } from '../../db/schema/index.js';
import { idTime, newId } from '../../lib/ids.js';

/** A request as the writer queues it: the log's columns, and whether the client chose its X-Request-Id. */
export interface LoggedRequest extends RequestLogTable {
  chosen_request_id?: boolean;
}

/** Rows per block at most: a page decodes whole blocks. */
export const BLOCK_ROWS = 1_000;
/** The newest row of a block answered at most this long after its oldest. */
export const BLOCK_SPAN_MS = 60_000;
/** A block's service-made request ids were made within this long of each other. */
export const RID_SPAN_MS = 10 * 60_000;

/** The columns of a row in a block, in their order (the partner, environment and status class are the block's or derived). */
export const ROW_COLUMNS = [
  'id',
  'at',
  'credential',
  'key_id',
  'request_id',
  'method',
  'route',
  'path',
  'status',
  'error_code',
  'error_detail',
  'duration_us',
  'client_ip',
  'user_agent',
] as const satisfies readonly (keyof RequestLogTable)[];

/**
 * When the service made this request's id (its time is in the id), or null for an id the client chose. A request
 * without one is also kept one by one in request_log (nothing tells which block holds it), as is an answer that is
 * not 2xx (the status filters read those rows alone).
 */
export function serviceIdTime(r: Pick<LoggedRequest, 'request_id' | 'chosen_request_id'>): number | null {
  if (r.chosen_request_id || typeof r.request_id !== 'string' || !r.request_id.startsWith('req_')) return null;
  return idTime(r.request_id);
}

const newer = (a: RequestLogTable, b: RequestLogTable) => Number(b.at) - Number(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * A batch as it is written: its blocks (per partner and environment, in time order, cut at BLOCK_ROWS and the two
 * spans) and the rows also kept one by one.
 */
export function buildBlocks(rows: readonly LoggedRequest[]): { blocks: RequestLogBlockTable[]; single: LoggedRequest[] } {
  const groups = new Map<string, { rows: LoggedRequest[]; rids: (number | null)[]; sorted: boolean }>();
  const single: LoggedRequest[] = [];
  for (const r of rows) {
    const rid = serviceIdTime(r);
    if (r.status_class !== 2 || rid === null) single.push(r);
    const key = `${r.partner_id}\u0000${r.environment}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { rows: [r], rids: [rid], sorted: true });
    else {
      if (g.sorted && newer(g.rows[g.rows.length - 1], r) < 0) g.sorted = false;
      g.rows.push(r);
      g.rids.push(rid);
    }
  }
  const blocks: RequestLogBlockTable[] = [];
  for (const g of groups.values()) {
    // One process's rows arrive in answer order: a sort only when they did not.
    let order = g.rows.map((_, i) => i);
    if (!g.sorted) order = order.sort((a, b) => -newer(g.rows[a], g.rows[b]));
    let cur: LoggedRequest[] = [];
    let ridMin: number | null = null;
    let ridMax: number | null = null;
    const close = () => {
      if (cur.length === 0) return;
      blocks.push(block(cur, ridMin, ridMax));
      cur = [];
      ridMin = ridMax = null;
    };
    for (const i of order) {
      const r = g.rows[i];
      const rid = g.rids[i];
      const full =
        cur.length >= BLOCK_ROWS ||
        (cur.length > 0 && Number(r.at) - Number(cur[0].at) > BLOCK_SPAN_MS) ||
        (rid !== null && ridMin !== null && ridMax !== null && Math.max(ridMax, rid) - Math.min(ridMin, rid) > RID_SPAN_MS);
      if (full) close();
      cur.push(r);
      if (rid !== null) {
        ridMin = ridMin === null ? rid : Math.min(ridMin, rid);
        ridMax = ridMax === null ? rid : Math.max(ridMax, rid);
      }
    }
    close();
  }
  return { blocks, single };
}

function block(rows: LoggedRequest[], ridMin: number | null, ridMax: number | null): RequestLogBlockTable {
  const columns = ROW_COLUMNS.map((c) => {
    const first = rows[0][c];
    let same = true;
    for (let i = 1; i < rows.length && same; i++) same = rows[i][c] === first;
    return same ? [first] : rows.map((r) => r[c]);
  });
  return {
    id: newId('rqb'),
    partner_id: rows[0].partner_id,
    environment: rows[0].environment,
    at_min: Number(rows[0].at),
    at_max: Number(rows[rows.length - 1].at),
    rid_min: ridMin,
    rid_max: ridMax,
    row_count: rows.length,
    body: JSON.stringify(columns),
  };
}

/** A block's rows as the log's rows. A body that does not decode gives none (the rest of the log stays readable). */
export function decodeBlock(b: Pick<RequestLogBlockTable, 'partner_id' | 'environment' | 'body'>): RequestLogTable[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(b.body);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed) || parsed.length !== ROW_COLUMNS.length || !parsed.every((c) => Array.isArray(c) && c.length > 0)) return [];
  const cols = parsed as unknown[][];
  const n = Math.max(...cols.map((c) => c.length));
  if (cols.some((c) => c.length !== 1 && c.length !== n)) return [];
  const v = (col: number, i: number) => (cols[col].length === 1 ? cols[col][0] : cols[col][i]) as never;
  const out: RequestLogTable[] = [];
  for (let i = 0; i < n; i++) {
    const status = Number(v(8, i));
    out.push({
      id: v(0, i),
      at: Number(v(1, i)),
      partner_id: b.partner_id,
      environment: b.environment as Environment,
      credential: v(2, i),
      key_id: v(3, i),
      request_id: v(4, i),
      method: v(5, i),
      route: v(6, i),
      path: v(7, i),
      status,
      status_class: Math.floor(status / 100),
      error_code: v(9, i),
      error_detail: v(10, i),
      duration_us: Number(v(11, i)),
      client_ip: v(12, i),
      user_agent: v(13, i),
    });
  }
  return out;
}

/** What a row of a page must match (every filter given). */
export interface RowFilter {
  /** A status class (`4xx`: 4) and, for an exact status, the status. */
  status?: { statusClass: number; exact: number | null };
  /** A prefix of the route template or of the concrete (masked) path. */
  pathPrefix?: string;
  /** Inclusive / exclusive epoch ms. */
  since?: number | null;
  until?: number | null;
  requestId?: string;
  /** The (at, id) of the last row of the previous page: only older rows. */
  before?: { at: number; id: string };
}

export function rowMatches(r: RequestLogTable, f: RowFilter): boolean {
  const at = Number(r.at);
  if (f.status && (r.status_class !== f.status.statusClass || (f.status.exact !== null && r.status !== f.status.exact))) return false;
  if (f.pathPrefix !== undefined && !r.route.startsWith(f.pathPrefix) && !r.path.startsWith(f.pathPrefix)) return false;
  if (f.since != null && at < f.since) return false;
  if (f.until != null && at >= f.until) return false;
  if (f.requestId !== undefined && r.request_id !== f.requestId) return false;
  if (f.before && (at > f.before.at || (at === f.before.at && r.id >= f.before.id))) return false;
  return true;
}

/**
 * What a block's body must contain for a row of it to match a path prefix: the prefix as JSON writes it inside a
 * string (a route or path starting with it holds it so), or undefined when the filter names no prefix. A body without
 * it is not read at all.
 */
export function bodyNeedle(f: RowFilter): string | undefined {
  return f.pathPrefix ? JSON.stringify(f.pathPrefix).slice(1, -1) : undefined;
}

/** Newest first: (at, id) descending. */
export function sortNewestFirst<T extends RequestLogTable>(rows: T[]): T[] {
  return rows.sort(newer);
}

/** A block's place in the walk, and its body when it is small (INLINE_BODY_ROWS). */
export interface BlockMeta {
  id: string;
  at_max: number;
  row_count: number;
  body?: string | null;
}

/**
 * A block of at most this many rows comes with its place in the walk: a quiet account's blocks hold a request or two
 * each, and a page of them read by a second query per hundred blocks cost a round trip per hundred rows.
 */
export const INLINE_BODY_ROWS = 4;

/** Where the walk reads from (src/areas/request-log/repo.ts). */
export interface BlockSource {
  /** Up to `limit` blocks that may hold rows of the filter, (at_max, id) descending, after `after` when given. */
  metas(after: BlockMeta | undefined, limit: number): Promise<BlockMeta[]>;
  /** The rows of these blocks (it may leave out a block none of whose rows can match). */
  rows(blocks: BlockMeta[]): Promise<RequestLogTable[]>;
}

/** Blocks per walk query: the first; each further one twice the last, up to the max (a rare match's window of 2,000 in four). */
const META_CHUNK = 200;
const META_CHUNK_MAX = 1_000;
const BODIES_AT_ONCE = 100;

/** How much a page whose matches may be rare reads at most: rows, and blocks (a quiet account's hold a row each). */
export interface ScanWindow {
  rows: number;
  blocks: number;
}

/**
 * The newest `need` rows matching `f`, merging blocks newest first. Stops once `need` rows are known to precede every
 * unread block, or (with `window`) once that many rows or blocks were read: then `frontier` is the newest answer time
 * of the first unread block, and every row answered after it has been seen.
 */
export async function walkBlocks(src: BlockSource, f: RowFilter, need: number, window?: ScanWindow): Promise<{ rows: RequestLogTable[]; frontier: number | null }> {
  let found: RequestLogTable[] = [];
  let queue: BlockMeta[] = [];
  let after: BlockMeta | undefined;
  let exhausted = false;
  let read = 0;
  let blocksRead = 0;
  let chunk = META_CHUNK;
  for (;;) {
    if (queue.length === 0 && !exhausted) {
      queue = await src.metas(after, chunk);
      if (queue.length < chunk) exhausted = true;
      chunk = Math.min(chunk * 2, META_CHUNK_MAX);
      if (queue.length > 0) after = queue[queue.length - 1];
    }
    if (queue.length === 0) return { rows: found, frontier: null };
    const frontier = queue[0].at_max;
    let known = 0;
    while (known < found.length && Number(found[known].at) > frontier) known++;
    if (known >= need || (window !== undefined && (read >= window.rows || blocksRead >= window.blocks))) return { rows: found.slice(0, known), frontier };
    // Read blocks holding about as many rows as are still missing (at least one block). A search whose matches may be
    // rare reads at least as many as it has read so far (doubling, within its window): else blocks of a few dozen rows
    // would cost a round trip per hundred rows of the window.
    const want = window === undefined ? need - known : Math.min(Math.max(need - known, read), window.rows - read);
    const take: BlockMeta[] = [];
    let rows = 0;
    while (queue.length > 0 && take.length < BODIES_AT_ONCE && (take.length === 0 || rows < want) && (window === undefined || blocksRead + take.length < window.blocks)) {
      const m = queue.shift()!;
      take.push(m);
      rows += Number(m.row_count);
    }
    blocksRead += take.length;
    // The rows the blocks held, whether or not the source returned them (it may leave out blocks that cannot match).
    read += rows;
    for (const r of await src.rows(take)) if (rowMatches(r, f)) found.push(r);
    found = sortNewestFirst(found);
  }
}
