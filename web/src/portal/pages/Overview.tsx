import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiKey, Environment, PartnerMe } from '../../api/client';
import { Banner, Button, CallsChart, check, CopyButton, DateTime, Dialog, Field, formatInteger, formatMonth, formatUsd, formErrors, problemsOf, useTitle } from '../../shared';
import { useAskProduction } from '../api/contact';
import { useApiKeys } from '../api/keys';
import { useCalls } from '../api/usage';
import { neededFor, useMayCall } from '../permissions';
import { ENV_LABEL, useEnvironment, useMe } from '../session';

const SAMPLE_BODY = '{"end_user_id":"user_1","cash_balance":2500,"upcoming_bills":[{"amount":1200,"due_in_days":5}],"cash_buffer":300}';

/** The calculate call a partner can paste in a terminal, with its sandbox key. */
export function curlLine(origin: string, key: string): string {
  return `curl -s ${origin}/api/v1/calculate/safe-to-spend -H 'X-API-Key: ${key}' -H 'Content-Type: application/json' -d '${SAMPLE_BODY}'`;
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>
        <span className="figure-value">{value}</span>
        {note ? <span className="figure-note">{note}</span> : null}
      </dd>
    </div>
  );
}

function ThisMonth({ env }: { env: Environment }) {
  const calls = useCalls(env);
  if (calls.isPending) {
    return (
      <section className="card" aria-busy="true" aria-labelledby="month-title">
        <h2 id="month-title">This month</h2>
        <p className="muted">Loading figures…</p>
      </section>
    );
  }
  if (calls.isError) {
    return (
      <section className="card" aria-labelledby="month-title">
        <h2 id="month-title">This month</h2>
        <Banner tone="error" title="The figures could not be loaded" action={<Button onClick={() => void calls.refetch()}>Try again</Button>}>
          {calls.error.message}
        </Banner>
      </section>
    );
  }
  const d = calls.data;
  const label = `Daily calls in ${ENV_LABEL[env].toLowerCase()}, last ${d.days.length} days`;
  const any = d.days.some((x) => x.calls > 0);
  return (
    <>
      <section className="card" aria-labelledby="month-title">
        <h2 id="month-title">
          This month <span className="muted">({formatMonth(d.month)}, UTC)</span>
        </h2>
        <dl className="figures">
          <Figure label="Calls" value={formatInteger(d.calls)} />
          <Figure label="Unique end-users" value={formatInteger(d.unique_end_users)} />
          <Figure
            label="Estimated bill"
            value={d.estimated_bill_usd === null ? 'Not billed' : formatUsd(d.estimated_bill_usd)}
            note={d.estimated_bill_usd === null ? 'Sandbox calls are never billed' : `${formatUsd(d.rate_per_user_usd)} per unique end-user`}
          />
        </dl>
      </section>
      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Daily calls, last {d.days.length} days</h2>
        {any ? (
          <CallsChart days={d.days} label={label} />
        ) : (
          <p className="empty">
            No {ENV_LABEL[env].toLowerCase()} calls in the last {d.days.length} days.{' '}
            {env === 'test' ? 'Make your first one with the command under First steps.' : 'Calls made with your production key appear here.'}
          </p>
        )}
      </section>
    </>
  );
}

function ProductionAccess({ me }: { me: PartnerMe }) {
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const ask = useAskProduction(me, { onSuccess: () => setAsking(false) });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const errors = formErrors(ask.error, ['message'], {}, problems);
  const send = () => {
    const found = problemsOf({ message: [check.filled(message, 'Write a few words about your integration and when you plan to go live')] });
    setProblems(found);
    if (Object.keys(found).length === 0) ask.mutate(message);
  };
  if (me.production_enabled) {
    return (
      <section className="card" aria-labelledby="prod-title">
        <h2 id="prod-title">Production access</h2>
        <p>
          <span className="status status-ok">Enabled</span>
          {me.activated_at ? (
            <>
              {' '}
              since <DateTime value={me.activated_at} dateOnly />
            </>
          ) : null}
          . Calls with your production key are billed by unique end-user.
        </p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="prod-title">
      <h2 id="prod-title">Production access</h2>
      <p>
        <span className="status status-pending">Not yet enabled</span>
      </p>
      <p>Your production key answers 403 until our team enables production access. Meanwhile the sandbox works in full.</p>
      <ol className="steps">
        <li>Build and test your integration with the sandbox key.</li>
        <li>Ask for production access: we answer at {me.email}.</li>
        <li>Once enabled, your production key works on its next request: nothing to change.</li>
      </ol>
      {ask.isSuccess ? (
        <Banner tone="success">Request sent. We will answer at {me.email}.</Banner>
      ) : (
        <Button
          variant="primary"
          onClick={() => {
            setMessage(`Please enable production access for ${me.company_name} (partner ${me.id}).`);
            ask.reset();
            setAsking(true);
          }}
        >
          Ask for production access
        </Button>
      )}
      <Dialog
        open={asking}
        title="Ask for production access"
        onClose={() => setAsking(false)}
        actions={
          <>
            <Button onClick={() => setAsking(false)} disabled={ask.isPending}>
              Cancel
            </Button>
            <Button variant="primary" busy={ask.isPending} onClick={send}>
              Send request
            </Button>
          </>
        }
      >
        <p>
          Our team reads it and answers at {me.email}. Tell us about your expected volume and launch date if you know them.
        </p>
        {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
        <Field label="Message" multiline rows={4} value={message} onChange={(e) => setMessage(e.target.value)} error={errors.field('message')} />
      </Dialog>
    </section>
  );
}

function FirstSteps({ env }: { env: Environment }) {
  const mayReadKeys = useMayCall('GET /api/partners/me/api-keys');
  const keys = useApiKeys(mayReadKeys);
  const origin = window.location.origin;
  let body;
  if (!mayReadKeys)
    body = (
      <p className="muted">
        Seeing the sandbox key and the command that uses it needs the {neededFor('GET /api/partners/me/api-keys')} role. Read the{' '}
        <a href="/api/v1/integration-guide">integration guide</a> and the <a href="/api/docs">API reference</a> meanwhile.
      </p>
    );
  else if (keys.isPending) body = <p className="muted">Loading your sandbox key…</p>;
  else if (keys.isError)
    body = (
      <Banner tone="error" action={<Button onClick={() => void keys.refetch()}>Try again</Button>}>
        {keys.error.message}
      </Banner>
    );
  else {
    const sandbox: ApiKey | undefined = keys.data.find((k) => k.environment === 'test');
    const usable = sandbox && sandbox.key !== sandbox.masked;
    body = (
      <ol className="steps">
        <li>
          {sandbox ? (
            <>
              Your sandbox key is <code>{sandbox.masked}</code>. It makes real calls on test data and is never billed.
            </>
          ) : (
            <>
              Your sandbox key slot is blank: <Link to={{ pathname: '/keys', search: '?env=test' }}>paste or generate a key</Link>.
            </>
          )}
        </li>
        <li>
          Call calculate from a terminal:
          {usable ? (
            <div className="code-block">
              <pre tabIndex={0} aria-label="Command to run">
                <code data-testid="curl">{curlLine(origin, sandbox.key)}</code>
              </pre>
              <div className="code-actions">
                <CopyButton text={curlLine(origin, sandbox.key)} what="Command" />
              </div>
            </div>
          ) : (
            <div className="code-block">
              <pre tabIndex={0}>
                <code>{curlLine(origin, '<your sandbox key>')}</code>
              </pre>
            </div>
          )}
        </li>
        <li>
          Read the <a href="/api/v1/integration-guide">integration guide</a> and the <a href="/api/docs">API reference</a>.
        </li>
        {env === 'live' ? <li>Switch to Sandbox at the top to see the calls this command makes.</li> : null}
      </ol>
    );
  }
  return (
    <section className="card" aria-labelledby="steps-title">
      <h2 id="steps-title">First steps</h2>
      {body}
    </section>
  );
}

export function Overview() {
  useTitle('Overview');
  const me = useMe();
  const { env } = useEnvironment();
  return (
    <div className="page">
      <div className="page-head">
        <h1>Overview</h1>
        <span className={`env-badge env-badge-${env}`}>{ENV_LABEL[env]}</span>
      </div>
      <ThisMonth env={env} />
      <div className="grid-2">
        <ProductionAccess me={me} />
        <FirstSteps env={env} />
      </div>
    </div>
  );
}
