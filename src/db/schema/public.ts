/** Tables owned by the public area (migration 0007). */

export type ComponentState = 'operational' | 'degraded' | 'outage' | 'maintenance';

/** One self-probe result of one component (partner_api, database, ingest, webhooks). */
export interface StatusProbesTable {
  id: string;
  component: string;
  at: number;
  status: ComponentState;
  /** Whole milliseconds, at least 1 (migration 0024; before it, rounded to the nearest, so 0 for a sub-millisecond probe). */
  response_ms: number;
  /** Microseconds (migration 0024); null on rows recorded before it. */
  response_us: number | null;
  /** What the probe saw, for operators (no secrets). */
  detail: string | null;
}

export interface IncidentsTable {
  id: string;
  title: string;
  summary: string;
  /** none | minor | major | critical */
  impact: string;
  /** investigating | identified | monitoring | resolved */
  status: string;
  /** JSON array of component ids the incident affects. */
  components: string;
  started_at: number;
  resolved_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface IncidentUpdatesTable {
  id: string;
  incident_id: string;
  at: number;
  status: string;
  message: string;
}

export interface StatusChecksTable {
  id: string;
  client_name: string;
  created_at: number;
}

export interface ContactLeadsTable {
  id: string;
  name: string;
  email: string;
  email_lower: string;
  company: string | null;
  topic: string;
  message: string;
  website: string | null;
  /** 1 when the honeypot field was filled. */
  spam: number;
  client_ip: string | null;
  notified: number;
  created_at: number;
}

export interface DeletionRequestsTable {
  id: string;
  email: string;
  email_lower: string;
  /** email_lower while open (pending / in_progress), null once closed: one open request per email. */
  open_email: string | null;
  name: string | null;
  reason: string | null;
  last_4_phone: string | null;
  /** pending | in_progress | completed | cancelled */
  status: string;
  notes: string | null;
  /** JSON: what completing the request erased. */
  erased: string | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

/** An id answered to a data-deletion request, naming the request it was added to (the first is the request's own id). */
export interface DeletionRequestReceiptsTable {
  id: string;
  request_id: string;
  created_at: number;
}

export interface IndexnowSubmissionsTable {
  id: string;
  at: number;
  endpoint: string;
  url_count: number;
  /** JSON array of the submitted URLs. */
  urls: string;
  status_code: number | null;
  ok: number;
  error: string | null;
  duration_ms: number;
}

export interface PublicTables {
  status_probes: StatusProbesTable;
  incidents: IncidentsTable;
  incident_updates: IncidentUpdatesTable;
  status_checks: StatusChecksTable;
  contact_leads: ContactLeadsTable;
  deletion_requests: DeletionRequestsTable;
  deletion_request_receipts: DeletionRequestReceiptsTable;
  indexnow_submissions: IndexnowSubmissionsTable;
}
