import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/schemas.js';
import { CHANGELOG_TAGS } from './content.js';

/** A string from a closed set: one `enum` error that lists every value. */
function StrEnum<const T extends string[]>(values: T, opts: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: values, ...opts });
}

const Str = (min: number, max: number, extra: Record<string, unknown> = {}) => Type.String({ minLength: min, maxLength: max, ...extra });

// ---------- status ----------

export const ComponentState = StrEnum(['operational', 'degraded', 'outage', 'maintenance'], { title: 'ComponentState' });
export const IncidentImpact = StrEnum(['none', 'minor', 'major', 'critical']);
export const IncidentState = StrEnum(['investigating', 'identified', 'monitoring', 'resolved']);
/** The components of the status page (src/areas/public/probes.ts describes each), which an incident may name. */
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

// ---------- contact ----------

export const ContactBody = Type.Object(
  {
    name: Str(2, 120),
    email: Type.String({ format: 'email', maxLength: 320 }),
    company: Type.Optional(Nullable(Type.String({ maxLength: 160 }))),
    topic: Type.Optional(Type.String({ maxLength: 40, default: 'general' })),
    message: Str(10, 4000),
    website: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'Leave empty (spam trap)' }))),
  },
  { title: 'ContactBody' },
);
export type ContactBody = Static<typeof ContactBody>;

export const ContactResponse = Type.Object(
  { received: Type.Boolean(), lead_id: Type.String(), message: Type.String() },
  { title: 'ContactResponse' },
);

export const ContactLead = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    company: Nullable(Type.String()),
    topic: Type.String(),
    message: Type.String(),
    spam: Type.Boolean(),
    notified: Type.Boolean(),
    created_at: Type.String(),
  },
  { title: 'ContactLead' },
);
export const ContactLeadQuery = Type.Object({
  include_spam: Type.Boolean({ default: false }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
});
export const ContactLeadList = Type.Object({ items: Type.Array(ContactLead), count: Type.Integer() }, { title: 'ContactLeadList' });

// ---------- deletion requests ----------

export const DeletionStatus = StrEnum(['pending', 'in_progress', 'completed', 'cancelled']);
export type DeletionStatus = Static<typeof DeletionStatus>;

export const DeletionRequestBody = Type.Object(
  {
    email: Str(3, 320),
    name: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    last_4_phone: Type.Optional(Nullable(Type.String({ maxLength: 4, pattern: '^[0-9]{0,4}$' }))),
  },
  { title: 'DeletionRequestBody' },
);
export type DeletionRequestBody = Static<typeof DeletionRequestBody>;

export const DeletionRequestResponse = Type.Object(
  { received: Type.Boolean(), request_id: Type.String(), message: Type.String(), next_steps: Type.Array(Type.String()) },
  { title: 'DeletionRequestResponse' },
);

export const DeletionRequestUpdate = Type.Object(
  { status: DeletionStatus, notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))) },
  { title: 'DeletionRequestUpdate' },
);
export type DeletionRequestUpdate = Static<typeof DeletionRequestUpdate>;

export const DeletionRequestOut = Type.Object(
  {
    id: Type.String(),
    receipt_ids: Type.Array(Type.String(), {
      description: 'The ids answered to repeats of this request (each repeat gets an id of its own); any of them names this request in the operations below',
    }),
    email: Type.String(),
    name: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    last_4_phone: Nullable(Type.String()),
    status: DeletionStatus,
    notes: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    completed_at: Nullable(Type.String()),
    erased: Nullable(Type.Object({}, { additionalProperties: true, description: 'What completing the request removed' })),
  },
  { title: 'DeletionRequest' },
);
export const DeletionRequestList = Type.Object({ items: Type.Array(DeletionRequestOut), count: Type.Integer() }, { title: 'DeletionRequestList' });
export const DeletionListQuery = Type.Object({
  status_filter: Type.Optional(DeletionStatus),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
});
export const DeletionParams = Type.Object({ request_id: Str(1, 64) });
export const DeletedResponse = Type.Object({ deleted: Type.Boolean(), id: Type.String() }, { title: 'Deleted' });

// ---------- blog ----------

export const PostSummary = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    category: Type.String(),
    category_name: Type.String(),
    tags: Type.Array(Type.String()),
    author: Type.String(),
    published_at: Type.String({ description: 'YYYY-MM-DD' }),
    reading_minutes: Type.Integer(),
    url: Type.String(),
    score: Type.Optional(Type.Number({ description: 'Search relevance (only with q)' })),
  },
  { title: 'BlogPostSummary' },
);
export const Post = Type.Object(
  { ...PostSummary.properties, content_html: Type.String(), content_markdown: Type.String() },
  { title: 'BlogPost' },
);
export const PostList = Type.Object(
  { posts: Type.Array(PostSummary), count: Type.Integer(), total: Type.Integer({ description: 'Matches before the limit' }) },
  { title: 'BlogPostList' },
);
export const PostsQuery = Type.Object({
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 100 }),
});
export const SlugParams = Type.Object({ slug: Str(1, 200) });
export const RelatedQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 10, default: 3 }) });
export const CategoryList = Type.Object(
  { categories: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), count: Type.Integer() })) },
  { title: 'BlogCategories' },
);

// ---------- changelog feed ----------

const AbsoluteUrl = (description: string) => Type.String({ format: 'uri', description });

/** One release of GET /api/changelog.json (JSON Feed 1.1 item, with the `_service` extension). */
export const ChangelogFeedItem = Type.Object(
  {
    id: Type.String({ description: 'Unique and permanent: the release address' }),
    url: AbsoluteUrl('The release on the changelog page'),
    title: Type.String({ description: '`<version>: <title>`' }),
    content_html: Type.String(),
    content_text: Type.String({ description: 'The same as plain text' }),
    summary: Type.String({ description: 'The first line of content_text (at most 280 characters)' }),
    date_published: Type.String({ format: 'date-time', description: 'RFC 3339 (the release day, 00:00 UTC)' }),
    tags: Type.Array(StrEnum([...CHANGELOG_TAGS])),
    _service: Type.Object(
      {
        version: Type.String({ pattern: '^v\\d+\\.\\d+\\.\\d+$', description: 'The release, vMAJOR.MINOR.PATCH' }),
        about: AbsoluteUrl('What a JSON Feed extension is'),
      },
      { description: 'The service extension of JSON Feed' },
    ),
  },
  { title: 'ChangelogFeedItem' },
);

/** GET /api/changelog.json: a JSON Feed 1.1 document (https://jsonfeed.org/version/1.1), releases newest first. */
export const ChangelogFeed = Type.Object(
  {
    version: Type.Literal('https://jsonfeed.org/version/1.1'),
    title: Type.String(),
    home_page_url: AbsoluteUrl('The changelog page'),
    feed_url: AbsoluteUrl('This feed'),
    description: Type.String(),
    language: Type.String({ description: 'BCP 47' }),
    authors: Type.Array(Type.Object({ name: Type.String(), url: AbsoluteUrl('The service') })),
    items: Type.Array(ChangelogFeedItem, { description: 'Newest first' }),
  },
  { title: 'ChangelogFeed', description: 'JSON Feed 1.1; each item carries `_service.version`' },
);

// ---------- IndexNow ----------

export const IndexNowSubmission = Type.Object(
  {
    id: Type.String(),
    at: Type.String(),
    url_count: Type.Integer(),
    status_code: Nullable(Type.Integer()),
    ok: Type.Boolean(),
    error: Nullable(Type.String()),
    duration_ms: Type.Integer(),
  },
  { title: 'IndexNowSubmission' },
);

export const IndexNowStatus = Type.Object(
  {
    configured: Type.Boolean({ description: 'Whether INDEXNOW_KEY is set to a valid key' }),
    endpoint: Type.String(),
    host: Type.String(),
    key_location: Nullable(Type.String()),
    sitemap_urls: Type.Integer({ description: 'URLs in /sitemap.xml (what submit-all-sitemap sends)' }),
    submissions: Type.Integer(),
    urls_submitted: Type.Integer(),
    last_submission: Nullable(IndexNowSubmission),
    recent: Type.Array(IndexNowSubmission),
  },
  { title: 'StatusResponse', description: 'IndexNow configuration and submission history' },
);

export const IndexNowSubmitBody = Type.Object(
  { urls: Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), { minItems: 1, maxItems: 10000, description: 'Absolute URLs of this host' }) },
  { title: 'SubmitBody' },
);

export const IndexNowSubmitResult = Type.Object(
  {
    submission_id: Type.String(),
    submitted: Type.Integer(),
    ok: Type.Boolean(),
    status_code: Nullable(Type.Integer()),
    endpoint: Type.String(),
    host: Type.String(),
    key_location: Type.String(),
  },
  { title: 'SubmitResult' },
);

