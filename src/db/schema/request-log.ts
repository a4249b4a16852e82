/** The searchable request log (migrations 0031, 0037, 0039; src/areas/request-log). */
import type { Environment } from './core.js';

export interface RequestLogTable {
  /** Row id (`rql_…`, time-sortable): the tie-break of the newest-first order. */
  id: string;
  /** When the answer was sent (epoch ms). */
  at: number;
  partner_id: string;
  environment: Environment;
  /** `api_key` or `session` (the portal's session forms of partner operations). */
  credential: string;
  /** The key slot's id (`key_…`), never the key; null for a session. */
  key_id: string | null;
  /** The X-Request-Id answered (the client's own when it sent a valid one). */
  request_id: string;
  method: string;
  /** The route's path template (`/api/v1/ingest/calculation/:user_id`). */
  route: string;
  /** The concrete path and query with every credential-like value masked (src/http/request-log.ts). */
  path: string;
  status: number;
  /** status / 100, rounded down (the status filters' index). */
  status_class: number;
  /** A 4xx/5xx answer's `code` and `detail` (truncated); null otherwise. */
  error_code: string | null;
  error_detail: string | null;
  duration_us: number;
  client_ip: string | null;
  /** Truncated. */
  user_agent: string | null;
}

/**
 * A block of the request log (migration 0039): the requests of one writer flush, partner and environment, encoded
 * together (src/areas/request-log/blocks.ts). Every logged request is in exactly one block.
 */
export interface RequestLogBlockTable {
  /** Block id (`rqb_…`, time-sortable): the tie-break of the newest-first order. */
  id: string;
  partner_id: string;
  environment: Environment;
  /** The oldest and newest `at` of its rows (epoch ms). */
  at_min: number;
  at_max: number;
  /** The times (epoch ms) its service-made request ids were made at; null when it holds none. */
  rid_min: number | null;
  rid_max: number | null;
  row_count: number;
  /** The rows: a JSON array of one array of columns per row. */
  body: string;
}

export interface RequestLogTables {
  /** The rows kept one by one as well: answers that are not 2xx and client-chosen request ids. */
  request_log: RequestLogTable;
  request_log_blocks: RequestLogBlockTable;
}
