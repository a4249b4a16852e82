/** The searchable request log (migration 0031; src/areas/request-log). */
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

export interface RequestLogTables {
  request_log: RequestLogTable;
}
