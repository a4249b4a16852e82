/** Tables owned by the webhooks area (migration 0003). */

/** The delivery log: one row per HTTP attempt of an event. */
export interface WebhookDeliveriesTable {
  id: string;
  partner_id: string;
  environment: 'test' | 'live';
  /** The event delivered (rows go with their event: ON DELETE CASCADE). */
  event_id: string;
  event_type: string;
  /** The endpoint at the time of the attempt (no foreign key: the log outlives a deleted configuration). */
  endpoint_id: string | null;
  url: string;
  /** 1-based attempt number of this event. */
  attempt: number;
  /** delivered | failed */
  status: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** The first 1 KiB of the response body. */
  response_excerpt: string | null;
  created_at: number;
  /** When the next automatic attempt is due; null when none will follow. */
  next_attempt_at: number | null;
  /** The headers sent, signatures included, as a JSON object (migration 0032; null before it). */
  request_headers: string | null;
  /** The answer's headers as a JSON object, bounded (migration 0032). */
  response_headers: string | null;
  /** The first 4 KiB of the answer's body, UTF-8 with control characters made visible (migration 0032). */
  response_body_excerpt: string | null;
}

export interface WebhooksTables {
  webhook_deliveries: WebhookDeliveriesTable;
}
