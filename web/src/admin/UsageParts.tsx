/**
 * Pieces of the console's usage views (the Usage page and a partner's page): the window choice,
 * the charts of usage events, and the CSV download of GET /api/admin/usage/export.
 */
import { useId, useState } from 'react';
import type { Answer, Environment } from '../api/client';
import { Banner, Button, CallsChart, CategoryChart, DailyChart, errorText, formatCents, formatCentsShort, formatInteger, SelectField, type Series } from '../shared';
import { useUsageCsv, type ExportFormat } from './api/usage';

type Window = Answer<'/api/admin/partners/{partner_id}/usage', 'get'>;
export type UsageDay = Window['daily'][number];
export type UsageTotals = Window['totals'];
export type CategoryUsage = Window['by_category'][number];

export const DAY_CHOICES = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;
export const ENV_LABEL: Record<Environment, string> = { live: 'Production', test: 'Sandbox' };

/** A `days` value from the address, or the default when it is not one of the choices. */
export function daysOf(raw: string | null): number {
  const n = Number(raw);
  return (DAY_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_DAYS;
}

export function envOf(raw: string | null): Environment {
  return raw === 'test' ? 'test' : 'live';
}

export const EVENT_SERIES: Series[] = [
  { key: 'user_signup', label: 'User sign-ups', color: '#2563eb' },
  { key: 'account_link', label: 'Account links', color: '#0d9488' },
  { key: 'transaction', label: 'Transactions', color: '#d97706' },
];

function Select<T extends string | number>({ label, value, options, onChange }: { label: string; value: T; options: [T, string][]; onChange: (v: T) => void }) {
  const id = useId();
  return (
    <SelectField
      label={label}
      id={id}
      value={String(value)}
      onChange={(e) => {
        const hit = options.find(([v]) => String(v) === e.target.value);
        if (hit) onChange(hit[0]);
      }}
    >
      {options.map(([v, text]) => (
        <option key={String(v)} value={String(v)}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

/** The window of a usage view: how many UTC days, ending today, and which environment's events. */
export function WindowChoice({
  daysLabel,
  days,
  env,
  onDays,
  onEnv,
}: {
  daysLabel: string;
  days: number;
  env: Environment;
  onDays: (days: number) => void;
  onEnv: (env: Environment) => void;
}) {
  return (
    <div className="toolbar usage-window">
      <Select<number> label={daysLabel} value={days} onChange={onDays} options={DAY_CHOICES.map((n): [number, string] => [n, `Last ${n} days`])} />
      <Select<Environment>
        label="Environment"
        value={env}
        onChange={onEnv}
        options={[
          ['live', ENV_LABEL.live],
          ['test', ENV_LABEL.test],
        ]}
      />
    </div>
  );
}

/** Daily events, stacked by type. */
export function EventsByTypeChart({ daily, label }: { daily: UsageDay[]; label: string }) {
  return (
    <DailyChart
      days={daily.map((d) => ({ day: d.date, values: { user_signup: d.user_signup, account_link: d.account_link, transaction: d.transaction } }))}
      series={EVENT_SERIES}
      label={label}
      unit="events"
    />
  );
}

/** Daily distinct end-users; the window's total is its own distinct count (it does not add up over days). */
export function ActiveUsersChart({ daily, total, label }: { daily: UsageDay[]; total: number; label: string }) {
  return <CallsChart days={daily.map((d) => ({ day: d.date, calls: d.active_users }))} label={label} unit="distinct end-users" valueLabel="Active end-users" total={total} />;
}

/** Daily transaction volume. */
export function VolumeChart({ daily, label }: { daily: UsageDay[]; label: string }) {
  return (
    <DailyChart
      days={daily.map((d) => ({ day: d.date, values: { volume: d.transaction_volume_cents } }))}
      series={[{ key: 'volume', label: 'Volume', color: '#7c3aed' }]}
      label={label}
      format={formatCents}
      axisFormat={formatCentsShort}
    />
  );
}

export function VolumeByCategoryChart({ categories, label }: { categories: CategoryUsage[]; label: string }) {
  return <CategoryChart categories={categories} label={label} formatCents={formatCents} axisFormatCents={formatCentsShort} />;
}

/** The window's totals as figures. */
export function Totals({ totals, compact = false }: { totals: UsageTotals; compact?: boolean }) {
  const figures: [string, string, string?][] = compact
    ? [
        ['Events', formatInteger(totals.events)],
        ['Transactions', formatInteger(totals.transaction), formatCents(totals.transaction_volume_cents)],
        ['Active end-users', formatInteger(totals.active_users)],
      ]
    : [
        ['Events', formatInteger(totals.events)],
        ['User sign-ups', formatInteger(totals.user_signup)],
        ['Account links', formatInteger(totals.account_link)],
        ['Transactions', formatInteger(totals.transaction), formatCents(totals.transaction_volume_cents)],
        ['Active end-users', formatInteger(totals.active_users)],
      ];
  return (
    <dl className={compact ? 'figures' : 'figures figures-5'}>
      {figures.map(([label, value, note]) => (
        <div className="figure" key={label}>
          <dt>{label}</dt>
          <dd className="figure-value">{value}</dd>
          {note ? <dd className="figure-note">{note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

const FORMAT_LABEL: Record<ExportFormat, string> = {
  partners: 'One row per partner',
  summary: 'One row per day',
  events: 'Every event',
};

/** Download CSV: a format, then the button. The export is saved only when it is one (200); a refusal is said here instead. */
export function DownloadCsv({ formats, days, env, partnerId }: { formats: ExportFormat[]; days: number; env: Environment; partnerId?: string }) {
  const [format, setFormat] = useState<ExportFormat>(formats[0]);
  const dl = useUsageCsv(format, days, env, partnerId);
  return (
    <>
      {dl.isError ? <Banner tone="error">The CSV could not be made: {errorText(dl.error)}</Banner> : null}
      <div className="toolbar">
        <Select<ExportFormat> label="Format" value={format} onChange={(f) => (dl.reset(), setFormat(f))} options={formats.map((f): [ExportFormat, string] => [f, FORMAT_LABEL[f]])} />
        <Button variant="primary" busy={dl.isPending} onClick={() => dl.mutate(undefined)}>
          Download CSV
        </Button>
      </div>
    </>
  );
}
