import { useId, useState, type ReactNode } from 'react';
import { useTitle } from '../../shared';
import { ENV_LABEL, useEnvironment } from '../session';

/**
 * The CSV downloads are plain links to the session routes, with the choices in the query: the
 * browser sends the session cookie and saves the attachment, no script in between. (The pages'
 * Content-Security-Policy allows no form submissions, so links rather than GET forms.) An empty
 * optional choice is left out of the query (an empty `since=` would be a bad date).
 */
function reportUrl(path: string, query: Record<string, string>): string {
  const q = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== ''));
  return `${path}?${q.toString()}`;
}

function Download({ href, title, button, children }: { href: string; title: string; button: string; children?: ReactNode }) {
  const id = `report-${button.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="form report-form">
        {children}
        <div className="actions">
          <a className="btn btn-primary" href={href} download>
            {button}
          </a>
        </div>
      </div>
    </section>
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <p className="field-hint">Optional. A UTC day, included.</p>
      <input id={id} className="field-control" type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function DateRange({ since, until, setSince, setUntil }: { since: string; until: string; setSince: (v: string) => void; setUntil: (v: string) => void }) {
  return (
    <div className="grid-2">
      <DateInput label="Since" value={since} onChange={setSince} />
      <DateInput label="Until" value={until} onChange={setUntil} />
    </div>
  );
}

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field-control" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Reports() {
  useTitle('Reports');
  const { env } = useEnvironment();
  const [months, setMonths] = useState('6');
  const [calcSince, setCalcSince] = useState('');
  const [calcUntil, setCalcUntil] = useState('');
  const [hookSince, setHookSince] = useState('');
  const [hookUntil, setHookUntil] = useState('');
  const [hookStatus, setHookStatus] = useState('');
  const [days, setDays] = useState('30');
  const [format, setFormat] = useState('summary');
  const where = ENV_LABEL[env].toLowerCase();
  return (
    <div className="page">
      <div className="page-head">
        <h1>Reports</h1>
      </div>
      <p className="lede">CSV files of your {where} data, for a spreadsheet or your own books. Dates are UTC days.</p>
      <Download href={reportUrl('/api/partners/me/reports/usage.csv', { environment: env, months })} title="Monthly usage" button="Download usage.csv">
        <p className="muted">One row per month: calls, unique end-users and the estimated bill.</p>
        <Select label="Months" value={months} onChange={setMonths} options={['3', '6', '12', '24'].map((m) => [m, `Last ${m} months`])} />
      </Download>
      <Download href={reportUrl('/api/partners/me/reports/calculations.csv', { environment: env, since: calcSince, until: calcUntil })} title="Calculations" button="Download calculations.csv">
        <p className="muted">The cached safe-to-spend calculations of your end-users, newest first.</p>
        <DateRange since={calcSince} until={calcUntil} setSince={setCalcSince} setUntil={setCalcUntil} />
      </Download>
      <Download href={reportUrl('/api/partners/me/reports/webhooks.csv', { environment: env, since: hookSince, until: hookUntil, status: hookStatus })} title="Webhook deliveries" button="Download webhooks.csv">
        <p className="muted">Every delivery attempt of your webhook events, newest first.</p>
        <DateRange since={hookSince} until={hookUntil} setSince={setHookSince} setUntil={setHookUntil} />
        <Select
          label="Status"
                    value={hookStatus}
          onChange={setHookStatus}
          options={[
            ['', 'All'],
            ['delivered', 'Delivered'],
            ['failed', 'Failed'],
          ]}
        />
      </Download>
      <Download href={reportUrl('/api/partners/me/usage/export', { environment: env, format, days })} title="Usage events" button="Download usage events">
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
    </div>
  );
}
