import { Type, type Static } from 'typebox';
import { Nullable, StrEnum, Str } from '../../http/schemas.js';

// ---------- status ----------

export const ComponentState = StrEnum(['operational', 'degraded', 'outage', 'maintenance'], { title: 'ComponentState' });
export const IncidentImpact = StrEnum(['none', 'minor', 'major', 'critical']);
export const IncidentState = StrEnum(['investigating', 'identified', 'monitoring', 'resolved']);
/** The components of the status page (src/areas/status/probes.ts describes each), which an incident may name. */
export const COMPONENT_IDS = ['partner_api', 'database', 'ingest', 'webhooks'] as const;
export const ComponentId = StrEnum([...COMPONENT_IDS], { title: 'ComponentId' });

export const ServiceStatus = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    status: ComponentState,
    uptime_30d: Type.Number({ description: 'Percent of self-probes in the last 30 days that were not an outage' }),
    response_ms: Type.Integer({
      minimum: 0,
      description: 'Duration of the latest self-probe in whole milliseconds, rounded to the nearest and at least 1 (a sub-millisecond probe answers 1; response_us is precise); 0 before the first probe',
    }),
    response_us: Nullable(Type.Integer({ minimum: 0, description: 'Duration of the latest self-probe in microseconds; null before the first probe' })),
    history: Type.Array(Type.String(), { description: 'One status per UTC day for the last 30 days, oldest first; no_data for a day without probes' }),
    checked_at: Nullable(Type.String({ description: 'When the latest probe ran' })),
    detail: Nullable(Type.String({ description: 'What the latest probe saw' })),
  },
  { title: 'ServiceStatus' },
);

export const IncidentUpdate = Type.Object(
  { id: Type.String(), at: Type.String(), status: IncidentState, message: Type.String() },
  { title: 'IncidentUpdate' },
);

export const IncidentEntry = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    impact: IncidentImpact,
    status: IncidentState,
    started_at: Type.String(),
    resolved_at: Nullable(Type.String()),
    components: Type.Array(Type.String(), { description: 'Ids of the components it affects (those of StatusOverview.components); an open incident raises their status' }),
    updated_at: Type.String(),
    updates: Type.Array(IncidentUpdate, { description: 'Newest first' }),
  },
  { title: 'IncidentEntry' },
);

export const StatusOverview = Type.Object(
  {
    status: ComponentState,
    updated_at: Type.String(),
    components: Type.Array(ServiceStatus),
    incidents: Type.Array(IncidentEntry, { description: 'Open incidents and those resolved in the last 7 days, newest first' }),
  },
  { title: 'StatusOverview' },
);

export const StatusCheck = Type.Object({ id: Type.String(), client_name: Type.String(), timestamp: Type.String() }, { title: 'StatusCheck' });
export const StatusCheckCreate = Type.Object({ client_name: Str(1, 200) }, { title: 'StatusCheckCreate' });
export const StatusCheckQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'At most the number of checks kept (1000)' }) });

export const PlatformMetrics = Type.Object(
  {
    generated_at: Type.String(),
    partners: Type.Object({ total: Type.Integer(), active: Type.Integer() }),
    calls_served: Type.Integer({ description: 'Partner-API calls served, all time (calculate and ingest are most of them)' }),
    calculations: Type.Object({
      end_users_cached: Type.Integer({ description: 'End users with a cached safe-to-spend result' }),
      end_users_this_month: Type.Integer({ description: 'Distinct end users served this month (UTC), all partners' }),
    }),
    events_ingested: Type.Integer({ description: 'Usage events accepted, all time' }),
    webhooks_delivered: Type.Integer(),
    uptime_30d: Type.Number({ description: 'Lowest component uptime over 30 days, percent' }),
    components: Type.Record(Type.String(), Type.Number(), { description: 'uptime_30d per component' }),
  },
  { title: 'PlatformMetrics', additionalProperties: true },
);

export const IncidentCreate = Type.Object(
  {
    title: Str(3, 200),
    summary: Str(1, 2000),
    impact: IncidentImpact,
    status: Type.Optional(IncidentState),
    components: Type.Optional(Type.Array(ComponentId, { maxItems: COMPONENT_IDS.length, uniqueItems: true, description: 'The components it affects' })),
    started_at: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601; defaults to now' })),
  },
  { title: 'IncidentCreate' },
);
export type IncidentCreate = Static<typeof IncidentCreate>;

export const IncidentPatch = Type.Object(
  {
    title: Type.Optional(Str(3, 200)),
    summary: Type.Optional(Str(1, 2000)),
    impact: Type.Optional(IncidentImpact),
    status: Type.Optional(IncidentState),
    components: Type.Optional(Type.Array(ComponentId, { maxItems: COMPONENT_IDS.length, uniqueItems: true, description: 'The components it affects (replaces the list)' })),
    message: Type.Optional(Str(1, 2000, { description: 'An update posted on the status page' })),
  },
  { title: 'IncidentUpdateBody' },
);
export type IncidentPatch = Static<typeof IncidentPatch>;

export const IncidentResolve = Type.Object({ message: Type.Optional(Str(1, 2000)) }, { title: 'IncidentResolveBody' });
export const IncidentParams = Type.Object({ incident_id: Str(1, 64) });
export const IncidentListQuery = Type.Object({
  status: Type.Optional(StrEnum(['investigating', 'identified', 'monitoring', 'resolved', 'open'])),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
});
export const IncidentList = Type.Object({ items: Type.Array(IncidentEntry), count: Type.Integer() }, { title: 'IncidentList' });
