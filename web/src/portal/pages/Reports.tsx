import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Environment } from '../../api/client';
import { Banner, Button, formErrors, SelectField, useTitle, type FieldProblems } from '../../shared';
import { useCalculationsCsv, useUsageCsv, useUsageEventsCsv, useWebhooksCsv } from '../api/reports';
import { ENV_LABEL, useEnvironment } from '../session';

/**
 * Each card asks for its CSV with the session cookie and saves it only when the answer is the file
 * (200): a refusal (a range the server will not take, another export still running, a session that
 * ended) is said on the card, never saved as the file.
 */
/** Since after Until asks for nothing: said at Since (Until is a whole day, included) before anything is sent. */
function rangeProblems(since: string, until: string): FieldProblems {
  return since && until && since > until ? { since: 'Since must be on or before Until' } : {};
}

function Download({
  title,
  button,
  busy,
  error,
  onDownload,
  children,
}: {
  title: string;
  button: string;
  busy: boolean;
  error: string | null;
  onDownload: () => void;
  children?: ReactNode;
}) {
  const id = `report-${button.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="form report-form">
        {error ? <Banner tone="error">{error}</Banner> : null}
        {children}
        <div className="actions">
          <Button variant="primary" busy={busy} onClick={onDownload}>
            {button}
          </Button>
        </div>
      </div>
    </section>
  );
}

function DateInput({
  label,
  name,
  value,
  onChange,
  error,
  inputRef,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  return (
    <div className={error ? 'field field-has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <p className="field-hint" id={`${id}-hint`}>
        Optional. A UTC day, included.
      </p>
      <input
        ref={inputRef}
        id={id}
        name={name}
        className="field-control"
        type="date"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Since and Until of a card, with what the card (or the server) says about them. */
function useRange() {
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const sinceRef = useRef<HTMLInputElement>(null);
  return {
    since,
    until,
    problems,
    sinceRef,
    set: (which: 'since' | 'until', v: string) => {
      if (which === 'since') setSince(v);
      else setUntil(v);
      setProblems({});
    },
    /** True when the range may be asked for; otherwise its problem is shown. */
    ok: () => {
      const found = rangeProblems(since, until);
      setProblems(found);
      if (found.since) sinceRef.current?.focus();
      return Object.keys(found).length === 0;
    },
  };
}

function DateRange({ range, errors }: { range: ReturnType<typeof useRange>; errors: ReturnType<typeof formErrors> }) {
  return (
    <div className="grid-2">
      <DateInput label="Since" name="since" value={range.since} onChange={(v) => range.set('since', v)} error={errors.field('since')} inputRef={range.sinceRef} />
      <DateInput label="Until" name="until" value={range.until} onChange={(v) => range.set('until', v)} error={errors.field('until')} />
    </div>
  );
}

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  const id = useId();
  return (
    <SelectField label={label} id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

function UsageReport({ env }: { env: Environment }) {
  const [months, setMonths] = useState('6');
  const dl = useUsageCsv(env, Number(months));
  return (
    <Download title="Monthly usage" button="Download usage.csv" busy={dl.isPending} error={formErrors(dl.error, ['months']).form} onDownload={() => dl.mutate(undefined)}>
      <p className="muted">One row per month: calls, unique end-users and the estimated bill.</p>
      <Select label="Months" value={months} onChange={setMonths} options={['3', '6', '12', '24'].map((m) => [m, `Last ${m} months`])} />
    </Download>
  );
}

function CalculationsReport({ env }: { env: Environment }) {
  const range = useRange();
  const dl = useCalculationsCsv(env, range);
  const errors = formErrors(dl.error, ['since', 'until'], {}, range.problems);
  return (
    <Download
      title="Calculations"
      button="Download calculations.csv"
      busy={dl.isPending}
      error={errors.form}
      onDownload={() => {
        dl.reset();
        if (range.ok()) dl.mutate(undefined);
      }}
    >
      <p className="muted">The cached safe-to-spend calculations of your end-users, newest first.</p>
      <DateRange range={range} errors={errors} />
    </Download>
  );
}

function WebhooksReport({ env }: { env: Environment }) {
  const range = useRange();
  const [status, setStatus] = useState('');
  const dl = useWebhooksCsv(env, range, status as '' | 'delivered' | 'failed');
  const errors = formErrors(dl.error, ['since', 'until'], {}, range.problems);
  return (
    <Download
      title="Webhook deliveries"
      button="Download webhooks.csv"
      busy={dl.isPending}
      error={errors.form}
      onDownload={() => {
        dl.reset();
        if (range.ok()) dl.mutate(undefined);
      }}
    >
      <p className="muted">Every delivery attempt of your webhook events, newest first.</p>
      <DateRange range={range} errors={errors} />
      <Select
        label="Status"
        value={status}
        onChange={setStatus}
        options={[
          ['', 'All'],
          ['delivered', 'Delivered'],
          ['failed', 'Failed'],
        ]}
      />
    </Download>
  );
}

function UsageEventsReport({ env }: { env: Environment }) {
  const [days, setDays] = useState('30');
  const [format, setFormat] = useState('summary');
  const dl = useUsageEventsCsv(env, format as 'summary' | 'events', Number(days));
  return (
    <Download title="Usage events" button="Download usage events" busy={dl.isPending} error={formErrors(dl.error, ['days', 'format']).form} onDownload={() => dl.mutate(undefined)}>
      <p className="muted">The usage events your servers sent: one row per day (summary), or every event.</p>
      <div className="grid-2">
        <Select
          label="Content"
          value={format}
          onChange={setFormat}
          options={[
            ['summary', 'Summary: one row per day'],
            ['events', 'Events: one row per event'],
          ]}
        />
        <Select label="Days" value={days} onChange={setDays} options={['7', '30', '90', '365'].map((d) => [d, `Last ${d} days`])} />
      </div>
    </Download>
  );
}

export function Reports() {
  useTitle('Reports');
  const { env } = useEnvironment();
  const where = ENV_LABEL[env].toLowerCase();
  // Keyed by the environment: a card's choices and messages belong to the environment they were made in.
  return (
    <div className="page">
      <div className="page-head">
        <h1>Reports</h1>
      </div>
      <p className="lede">CSV files of your {where} data, for a spreadsheet or your own books. Dates are UTC days.</p>
      <UsageReport key={`usage-${env}`} env={env} />
      <CalculationsReport key={`calculations-${env}`} env={env} />
      <WebhooksReport key={`webhooks-${env}`} env={env} />
      <UsageEventsReport key={`events-${env}`} env={env} />
    </div>
  );
}
