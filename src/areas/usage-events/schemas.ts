import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/schemas.js';

export const EVENT_TYPES = ['user_signup', 'account_link', 'transaction'] as const;

/** Largest accepted single amount: USD 10 billion (sums stay exact in a JS number and a bigint). */
export const MAX_AMOUNT_CENTS = 1_000_000_000_000;

export const IngestEvent = Type.Object(
  {
    partner_id: Type.String({ minLength: 1, maxLength: 120, description: 'An existing partner id' }),
    event_type: Type.Enum([...EVENT_TYPES], { description: 'user_signup, account_link or transaction' }),
    user_id: Type.Optional(Nullable(Type.String({ maxLength: 120, description: 'The end-user; active users are the distinct user_ids' }))),
    amount_cents: Type.Optional(
      Nullable(Type.Integer({ minimum: 0, maximum: MAX_AMOUNT_CENTS, description: 'USD cents; transactions only (ignored on other types)' })),
    ),
    category: Type.Optional(Nullable(Type.String({ maxLength: 60, description: 'Transactions only (groceries, rent, dining, …)' }))),
    institution: Type.Optional(Nullable(Type.String({ maxLength: 60, description: 'Account links only' }))),
    occurred_at: Type.Optional(Nullable(Type.String({ maxLength: 64, description: 'ISO 8601; defaults to the time of receipt' }))),
    id: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 120,
          description: 'Optional idempotency id: the same id from the same partner within 32 days is stored and counted once',
        }),
      ),
    ),
  },
  { title: 'IngestEvent' },
);
export type IngestEvent = Static<typeof IngestEvent>;

export const IngestBatch = Type.Object(
  { events: Type.Array(IngestEvent, { minItems: 1, maxItems: 500 }) },
  { title: 'IngestBatch' },
);
export type IngestBatch = Static<typeof IngestBatch>;

export const IngestResponse = Type.Object(
  {
    accepted: Type.Integer({ description: 'Events stored by this request (duplicates not included)' }),
    partners: Type.Array(Type.String(), { description: 'The partner ids the events resolved to, in order of first appearance' }),
    duplicates: Type.Integer({ description: 'Events dropped because their id was already accepted within 32 days (or repeated in the request)' }),
  },
  { title: 'IngestResponse' },
);

export const PingResponse = Type.Object(
  { ok: Type.Boolean(), service: Type.String(), time: Type.String() },
  { title: 'IngestPing' },
);

const Days = (def: number) => Type.Integer({ minimum: 1, maximum: 365, default: def, description: 'Window length in UTC days, ending today' });
const Env = Type.Enum(['live', 'test'], { default: 'live', description: 'live: production and platform events (default); test: sandbox-key events' });

export const UsageQuery = Type.Object({ days: Days(30), environment: Env });
export type UsageQuery = Static<typeof UsageQuery>;

// A partner session opened with an API key sees only that key's environment, so it is also its default.
const PartnerEnv = Type.Optional(
  Type.Enum(['live', 'test'], {
    description: "live: production and platform events; test: sandbox-key events. Default: live, or the key's environment for a session opened with an API key (the other one is 403)",
  }),
);

export const PartnerUsageQuery = Type.Object({ days: Days(30), environment: PartnerEnv });

export const PartnerExportQuery = Type.Object({
  days: Days(30),
  format: Type.Enum(['summary', 'events'], { default: 'summary', description: 'summary: one row per day; events: the raw events' }),
  environment: PartnerEnv,
});
export type PartnerExportQuery = Static<typeof PartnerExportQuery>;

export const AdminExportQuery = Type.Object({
  days: Days(30),
  partner_id: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  format: Type.Enum(['partners', 'summary', 'events'], {
    default: 'partners',
    description: 'partners: one row per partner; summary: one row per day; events: the raw events',
  }),
  environment: Env,
});
export type AdminExportQuery = Static<typeof AdminExportQuery>;

export const SeedQuery = Type.Object({ days: Days(45) });

export const PartnerParams = Type.Object({ partner_id: Type.String({ minLength: 1, maxLength: 120 }) });

export const UsageCounts = Type.Object(
  {
    events: Type.Integer(),
    user_signup: Type.Integer(),
    account_link: Type.Integer(),
    transaction: Type.Integer(),
    transaction_volume_cents: Type.Integer(),
    active_users: Type.Integer({ description: 'Distinct user_id over the day (per day) or the whole window (totals)' }),
  },
  { title: 'UsageCounts' },
);
export type UsageCounts = Static<typeof UsageCounts>;

export const UsageDay = Type.Object(
  {
    date: Type.String({ description: 'UTC day YYYY-MM-DD' }),
    events: Type.Integer(),
    user_signup: Type.Integer(),
    account_link: Type.Integer(),
    transaction: Type.Integer(),
    transaction_volume_cents: Type.Integer(),
    active_users: Type.Integer(),
  },
  { title: 'UsageDay' },
);
export type UsageDay = Static<typeof UsageDay>;

export const CategoryUsage = Type.Object(
  {
    category: Nullable(Type.String({ description: 'null: transactions sent without a category' })),
    transactions: Type.Integer(),
    volume_cents: Type.Integer(),
  },
  { title: 'CategoryUsage' },
);

const windowFields = {
  environment: Type.String(),
  days: Type.Integer(),
  start_date: Type.String({ description: 'First UTC day of the window' }),
  end_date: Type.String({ description: 'Last UTC day of the window (today)' }),
  daily: Type.Array(UsageDay, { description: 'Every day of the window, oldest first (zeros included)' }),
  by_category: Type.Array(CategoryUsage, { description: 'Transactions in the window by category, largest volume first' }),
  totals: UsageCounts,
};

export const PartnerUsage = Type.Object({ partner_id: Type.String(), ...windowFields }, { title: 'PartnerUsage' });
export type PartnerUsage = Static<typeof PartnerUsage>;

export const PartnerUsageRow = Type.Object(
  {
    partner_id: Type.String(),
    company: Type.String(),
    email: Type.String(),
    active: Type.Boolean(),
    ...UsageCounts.properties,
  },
  { title: 'PartnerUsageRow' },
);
export type PartnerUsageRow = Static<typeof PartnerUsageRow>;

export const AdminUsage = Type.Object(
  {
    ...windowFields,
    partners: Type.Array(PartnerUsageRow, { description: 'Every partner with its totals for the window, most events first' }),
  },
  { title: 'AdminUsage' },
);
export type AdminUsage = Static<typeof AdminUsage>;

export const SeedResponse = Type.Object(
  {
    partner_id: Type.String(),
    days: Type.Integer(),
    start_date: Type.String(),
    end_date: Type.String(),
    generated: Type.Integer({ description: 'Demo events the window holds' }),
    inserted: Type.Integer({ description: 'Of those, stored by this call (0 when the window was already seeded)' }),
  },
  { title: 'SeedDemoResponse' },
);

export const CsvResponse = Type.String({ description: 'text/csv (RFC 4180, header row)' });
