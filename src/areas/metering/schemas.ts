import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';

const EnvUsage = (billDescription: string) =>
  Type.Object({
    calls: Type.Integer({ description: 'Authenticated partner-API calls this month (UTC)' }),
    unique_end_users: Type.Integer({ description: 'Distinct end-users seen by calculate, ingest and the sandbox layer this month' }),
    estimated_bill_usd: Nullable(Type.Number({ description: billDescription })),
  });

export const UsageRecord = Type.Object(
  {
    month: Type.String({ description: 'YYYY-MM (UTC)' }),
    partner: Type.String({ description: 'Partner id' }),
    production: EnvUsage('unique production end-users × rate_per_user_usd'),
    sandbox: EnvUsage('always null: sandbox is never billed'),
    rate_per_user_usd: Type.Number(),
  },
  { title: 'UsageRecord' },
);

export const PartnerCallsQuery = Type.Object({
  environment: Type.Optional(
    Type.Union([Type.Literal('test'), Type.Literal('live')], {
      description: "test: sandbox key; live: production key. Default: live, or the key's environment for a session opened with an API key (the other one is 403)",
    }),
  ),
  days: Type.Integer({ minimum: 1, maximum: 90, default: 30, description: 'UTC days of the daily series, ending today' }),
});

export const PartnerCalls = Type.Object(
  {
    environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    month: Type.String({ description: 'YYYY-MM (UTC)' }),
    calls: Type.Integer({ description: 'Authenticated partner-API calls this month (UTC)' }),
    unique_end_users: Type.Integer({ description: 'Distinct end-users this month' }),
    estimated_bill_usd: Nullable(Type.Number({ description: 'Production: unique end-users × rate_per_user_usd; null for the sandbox (never billed)' })),
    rate_per_user_usd: Type.Number(),
    days: Type.Array(
      Type.Object({ day: Type.String({ description: 'YYYY-MM-DD (UTC)' }), calls: Type.Integer() }),
      { description: 'One entry per UTC day of the window, oldest first; days without calls are 0' },
    ),
  },
  { title: 'PartnerCalls' },
);

const Threshold = (description: string) => Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1e12, description })));

export const UsageAlertBody = Type.Object(
  {
    notify_email: Type.Optional(
      Nullable(
        Type.String({
          format: 'email',
          maxLength: 320,
          description:
            'Where alerts go; null: the profile usage_alert_email, else the account email. An address other than the account email is mailed a verification link and gets alerts only once it is verified.',
        }),
      ),
    ),
    calls_threshold: Threshold('Monthly calls; null or absent = off'),
    unique_users_threshold: Threshold('Monthly unique end-users; null or absent = off'),
    bill_threshold_usd: Type.Optional(Nullable(Type.Number({ minimum: 0.01, maximum: 1e12, description: 'Estimated bill in USD (production only), at least one cent; null or absent = off' }))),
  },
  { title: 'UsageAlertBody', description: 'Replaces the configuration of the key environment: a threshold left out is off. Each fires once per month at 80% (warning) and 100% (reached).' },
);

export const FiredAlert = Type.Object(
  {
    threshold: Type.Union([Type.Literal('calls_threshold'), Type.Literal('unique_users_threshold'), Type.Literal('bill_threshold_usd')]),
    level: Type.Union([Type.Literal('warning'), Type.Literal('reached')]),
    limit: Type.Number({ description: 'The threshold value when it fired' }),
    value: Type.Number({ description: 'The observed value when it fired' }),
    fired_at: Type.String(),
    mail: Nullable(
      Type.Union([Type.Literal('sent'), Type.Literal('suppressed')], {
        description: '`sent`; `suppressed` when the alert address (or the account email) was not verified; null for a warning superseded by `reached`',
      }),
    ),
  },
  { title: 'FiredAlert' },
);

export const UsageAlertConfig = Type.Object(
  {
    environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    notify_email: Nullable(Type.String()),
    effective_notify_email: Type.String({ description: 'The address alerts are sent to' }),
    notify_email_verified: Type.Boolean({ description: 'Whether effective_notify_email is verified (the account email counts when the account is verified)' }),
    mail_delivery: Type.Union([Type.Literal('active'), Type.Literal('notify_email_unverified'), Type.Literal('account_email_unverified')], {
      description:
        '`active`: alerts are mailed to effective_notify_email; `notify_email_unverified`: not until that address is verified (follow the link mailed to it); ' +
        '`account_email_unverified`: no alert mail goes anywhere until the account email is verified. Webhook events are sent either way.',
    }),
    calls_threshold: Nullable(Type.Integer()),
    unique_users_threshold: Nullable(Type.Integer()),
    bill_threshold_usd: Nullable(Type.Number()),
    month: Type.String({ description: 'YYYY-MM (UTC)' }),
    current: Type.Object({
      calls: Type.Integer(),
      unique_end_users: Type.Integer(),
      estimated_bill_usd: Nullable(Type.Number()),
    }),
    fired: Type.Array(FiredAlert, { description: 'Thresholds fired this month, oldest first' }),
    updated_at: Nullable(Type.String()),
  },
  { title: 'UsageAlertConfig' },
);

export const AlertsDeleted = Type.Object({ deleted: Type.Boolean(), environment: Type.String() }, { title: 'UsageAlertsDeleted' });

export const CalculationsCsvQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 date or date-time (inclusive); a bare date is UTC midnight' })),
  until: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 date (inclusive: the whole day) or date-time (exclusive)' })),
});

export const UsageCsvQuery = Type.Object({
  months: Type.Integer({ minimum: 1, maximum: 24, default: 6, description: 'Months up to and including the current one' }),
});

export const CsvResponse = {
  description: 'CSV (RFC 4180) with a header row, streamed',
  content: { 'text/csv': { schema: Type.String() } },
};
