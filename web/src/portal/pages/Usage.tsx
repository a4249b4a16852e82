import { useState, type FormEvent } from 'react';
import type { Answer, Environment } from '../../api/client';
import { Banner, Button, CallsChart, check, DateTime, Field, formatDay, formatInteger, formatMonth, formatUsd, formErrors, problemsOf, Table, type Column, useFieldProblems, useTitle } from '../../shared';
import { useAlerts, useCalls, useSaveAlerts, useUsageEvents, type Alerts } from '../api/usage';
import { allowedTo, useRole } from '../permissions';
import { ENV_LABEL, useEnvironment } from '../session';

type Fired = Alerts['fired'][number];
type Dashboard = Answer<'/api/partners/me/usage', 'get'>;
type Category = Dashboard['by_category'][number];

const DAY_CHOICES = [7, 30, 90] as const;
const THRESHOLD_LABEL: Record<Fired['threshold'], string> = {
  calls_threshold: 'Calls',
  unique_users_threshold: 'Unique end-users',
  bill_threshold_usd: 'Estimated bill',
};
const MAIL_STATE: Record<Alerts['mail_delivery'], string> = {
  active: 'Alert mail is sent to this address.',
  notify_email_unverified: 'Alert mail waits until this address is verified: follow the link mailed to it.',
  account_email_unverified: 'No alert mail is sent until your account email is verified.',
};

const cents = (c: number) => formatUsd(c / 100);

function Calls({ env }: { env: Environment }) {
  const calls = useCalls(env);
  if (calls.isPending) {
    return (
      <section className="card" aria-busy="true">
        <p className="muted">Loading your calls…</p>
      </section>
    );
  }
  if (calls.isError) {
    return (
      <Banner tone="error" title="Your calls could not be loaded" action={<Button onClick={() => void calls.refetch()}>Try again</Button>}>
        {calls.error.message}
      </Banner>
    );
  }
  const d = calls.data;
  const any = d.days.some((x) => x.calls > 0);
  return (
    <section className="card" aria-labelledby="calls-title">
      <h2 id="calls-title">
        Calls this month <span className="muted">({formatMonth(d.month)}, UTC)</span>
      </h2>
      <dl className="figures">
        <div className="figure">
          <dt>Calls</dt>
          <dd className="figure-value">{formatInteger(d.calls)}</dd>
        </div>
        <div className="figure">
          <dt>Unique end-users</dt>
          <dd className="figure-value">{formatInteger(d.unique_end_users)}</dd>
        </div>
        <div className="figure">
          <dt>Estimated bill</dt>
          <dd className="figure-value">{d.estimated_bill_usd === null ? 'Not billed' : formatUsd(d.estimated_bill_usd)}</dd>
          <dd className="figure-note">{d.estimated_bill_usd === null ? 'Sandbox calls are never billed' : `${formatUsd(d.rate_per_user_usd)} per unique end-user`}</dd>
        </div>
      </dl>
      <h3>Daily calls, last {d.days.length} days</h3>
      {any ? (
        <CallsChart days={d.days} label={`Daily calls in ${ENV_LABEL[env].toLowerCase()}, last ${d.days.length} days`} />
      ) : (
        <p className="empty">No {ENV_LABEL[env].toLowerCase()} calls in the last {d.days.length} days.</p>
      )}
    </section>
  );
}

function Events({ env }: { env: Environment }) {
  const [days, setDays] = useState<number>(30);
  const q = useUsageEvents(env, days);
  const categories: Column<Category>[] = [
    { header: 'Category', cell: (c) => c.category ?? <span className="muted">No category</span> },
    { header: 'Transactions', cell: (c) => formatInteger(c.transactions), numeric: true },
    { header: 'Volume', cell: (c) => cents(c.volume_cents), numeric: true },
  ];
  return (
    <section className="card" aria-labelledby="events-title">
      <div className="card-head">
        <h2 id="events-title">Usage events</h2>
        <label className="inline-field">
          <span>Days</span>
          <select className="field-control" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {DAY_CHOICES.map((n) => (
              <option key={n} value={n}>
                Last {n} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted">The usage events your servers send about your end-users: sign-ups, account links and transactions.</p>
      {q.isPending ? (
        <p className="muted" aria-busy="true">
          Loading usage events…
        </p>
      ) : q.isError ? (
        <Banner tone="error" title="Usage events could not be loaded" action={<Button onClick={() => void q.refetch()}>Try again</Button>}>
          {q.error.message}
        </Banner>
      ) : (
        <>
          <p className="muted">
            {formatDay(q.data.start_date)} to {formatDay(q.data.end_date)} (UTC days)
          </p>
          <dl className="figures">
            <div className="figure">
              <dt>User sign-ups</dt>
              <dd className="figure-value">{formatInteger(q.data.totals.user_signup)}</dd>
            </div>
            <div className="figure">
              <dt>Account links</dt>
              <dd className="figure-value">{formatInteger(q.data.totals.account_link)}</dd>
            </div>
            <div className="figure">
              <dt>Transactions</dt>
              <dd className="figure-value">{formatInteger(q.data.totals.transaction)}</dd>
              <dd className="figure-note">{cents(q.data.totals.transaction_volume_cents)}</dd>
            </div>
            <div className="figure">
              <dt>Active end-users</dt>
              <dd className="figure-value">{formatInteger(q.data.totals.active_users)}</dd>
            </div>
          </dl>
          <h3>Daily active end-users</h3>
          {q.data.totals.events > 0 ? (
            <CallsChart
              days={q.data.daily.map((d) => ({ day: d.date, calls: d.active_users }))}
              label={`Daily active end-users in ${ENV_LABEL[env].toLowerCase()}, last ${days} days`}
              unit="distinct end-users"
              valueLabel="Active end-users"
              total={q.data.totals.active_users}
            />
          ) : (
            <p className="empty">No usage events in the last {days} days.</p>
          )}
          <Table caption="Transactions by category" columns={categories} rows={q.data.by_category} rowKey={(c) => c.category ?? ''} empty="No transactions in this window." />
        </>
      )}
    </section>
  );
}

const numberOrNull = (s: string): number | null => (s.trim() === '' ? null : Number(s));
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function AlertsForm({ env, alerts }: { env: Environment; alerts: Alerts }) {
  const [calls, setCalls] = useState(text(alerts.calls_threshold));
  const [users, setUsers] = useState(text(alerts.unique_users_threshold));
  const [bill, setBill] = useState(text(alerts.bill_threshold_usd));
  const [email, setEmail] = useState(alerts.notify_email ?? '');
  const save = useSaveAlerts(env);
  const role = useRole();
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(save.error, ['calls_threshold', 'unique_users_threshold', 'bill_threshold_usd', 'notify_email'], {}, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    // A number field holding text the browser cannot read reports an empty value: that must not turn the threshold off.
    const unreadable = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.validity.badInput === true;
    const whole = (name: string, value: string, what: string) =>
      unreadable(name) || (value.trim() !== '' && !(/^\d+$/.test(value.trim()) && Number(value) >= 1)) ? `Enter a whole number of ${what}, 1 or more, or leave it empty (off)` : null;
    const found = problemsOf({
      calls_threshold: [whole('calls_threshold', calls, 'calls')],
      unique_users_threshold: [whole('unique_users_threshold', users, 'end-users')],
      bill_threshold_usd: [
        env === 'live' && (unreadable('bill_threshold_usd') || (bill.trim() !== '' && !(/^\d+(\.\d{1,2})?$/.test(bill.trim()) && Number(bill) >= 0.01)))
          ? 'Enter an amount in dollars of at least 0.01 (like 250 or 99.50), or leave it empty (off)'
          : null,
      ],
      notify_email: [email.trim() ? check.email(email, 'Enter an email address, like billing@example.com, or leave it empty') : null],
    });
    if (passes(form, found)) {
      save.mutate({
        calls_threshold: numberOrNull(calls),
        unique_users_threshold: numberOrNull(users),
        bill_threshold_usd: env === 'live' ? numberOrNull(bill) : null,
        notify_email: email.trim() === '' ? null : email.trim(),
      });
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Alert thresholds">
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      {save.isSuccess ? <Banner tone="success">The alert thresholds were saved.</Banner> : null}
      <div className="grid-2">
        <Field label="Calls threshold" name="calls_threshold" type="number" inputMode="numeric" min={1} hint="Monthly calls. Empty: off." value={calls} onChange={(e) => setCalls(e.target.value)} error={errors.field('calls_threshold')} />
        <Field
          label="Unique end-users threshold"
          name="unique_users_threshold"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Monthly unique end-users. Empty: off."
          value={users}
          onChange={(e) => setUsers(e.target.value)}
          error={errors.field('unique_users_threshold')}
        />
        <Field
          label="Bill threshold (USD)"
          name="bill_threshold_usd"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          hint={env === 'live' ? 'Estimated monthly bill. Empty: off.' : 'Production only: the sandbox is never billed.'}
          disabled={env !== 'live'}
          value={bill}
          onChange={(e) => setBill(e.target.value)}
          error={errors.field('bill_threshold_usd')}
        />
        <Field
          label="Notify email"
          name="notify_email"
          type="email"
          autoComplete="email"
          hint="Empty: your account email. Another address is mailed a verification link first."
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.field('notify_email')}
        />
      </div>
      <div className="actions">
        <Button type="submit" variant="primary" busy={save.isPending} {...allowedTo(role, 'PUT /api/partners/me/usage/alerts')}>
          Save alerts
        </Button>
      </div>
    </form>
  );
}

function AlertsCard({ env }: { env: Environment }) {
  const q = useAlerts(env);
  const fired: Column<Fired>[] = [
    { header: 'Fired', cell: (f) => <DateTime value={f.fired_at} /> },
    { header: 'Threshold', cell: (f) => THRESHOLD_LABEL[f.threshold] },
    { header: 'Level', cell: (f) => (f.level === 'reached' ? 'Reached' : 'Warning (80%)') },
    { header: 'Limit', cell: (f) => (f.threshold === 'bill_threshold_usd' ? formatUsd(f.limit) : formatInteger(f.limit)), numeric: true },
    { header: 'Value', cell: (f) => (f.threshold === 'bill_threshold_usd' ? formatUsd(f.value) : formatInteger(f.value)), numeric: true },
    { header: 'Mail', cell: (f) => (f.mail === 'sent' ? 'Sent' : f.mail === 'suppressed' ? 'Not sent' : '—') },
  ];
  return (
    <section className="card" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Usage alerts</h2>
      {q.isPending ? (
        <p className="muted" aria-busy="true">
          Loading your alerts…
        </p>
      ) : q.isError ? (
        <Banner tone="error" title="Your alerts could not be loaded" action={<Button onClick={() => void q.refetch()}>Try again</Button>}>
          {q.error.message}
        </Banner>
      ) : (
        <>
          <p>
            Alerts go to <strong>{q.data.effective_notify_email}</strong>{' '}
            <span className={`status ${q.data.notify_email_verified ? 'status-ok' : 'status-pending'}`}>{q.data.notify_email_verified ? 'Verified' : 'Not verified'}</span>
          </p>
          <p className="muted" data-testid="mail-delivery">
            {MAIL_STATE[q.data.mail_delivery]} A webhook event (usage.threshold_reached) is sent either way.
          </p>
          <AlertsForm key={env} env={env} alerts={q.data} />
          <Table
            caption={`Alerts fired in ${formatMonth(q.data.month)} (UTC)`}
            columns={fired}
            rows={q.data.fired}
            rowKey={(f) => `${f.threshold}-${f.level}-${f.fired_at}`}
            empty="No alerts fired this month."
          />
        </>
      )}
    </section>
  );
}

export function Usage() {
  useTitle('Usage');
  const { env } = useEnvironment();
  return (
    <div className="page">
      <div className="page-head">
        <h1>Usage</h1>
      </div>
      <p className="lede">Your {ENV_LABEL[env].toLowerCase()} calls, the usage events your servers send, and the alerts that tell you when usage passes a threshold.</p>
      <Calls env={env} />
      <Events env={env} />
      <AlertsCard env={env} />
    </div>
  );
}
