import { usePrefetchQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Environment } from '../../api/client';
import { Banner, Button, check, ConfirmDialog, DateTime, Dialog, Field, formatInteger, formErrors, problemsOf, ShownOnce, Table, type Column, useFieldProblems, useTitle } from '../../shared';
import {
  deliveriesQuery,
  useAllowPrivateTargets,
  useDeleteEndpoint,
  useDeliveries,
  useDelivered,
  useResendDelivery,
  useRotateWebhookSecret,
  useSaveEndpoint,
  useSendTestEvent,
  useWebhookConfig,
  type Delivery,
  type DeliveryFilter,
  type EventType,
  type WebhookConfig as Config,
  type WebhookCreated as Created,
} from '../api/webhooks';
import { allowedTo, useRole } from '../permissions';
import { ENV_LABEL, useEnvironment } from '../session';
import { EVENT_TYPES, eventHref } from '../webhook-events';

const PAGE_SIZE = 20;

const SNIPPET = `import { verifyWebhook } from '@svc-platform/client';

// Express: keep the raw body, the signature covers it byte for byte.
app.post('/webhooks/svc', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    const event = verifyWebhook({
      payload: req.body,
      headers: req.headers,
      // During the 24-hour overlap after a rotation, pass both: the new secret first.
      secret: [process.env.SVC_WEBHOOK_SECRET, process.env.SVC_WEBHOOK_SECRET_PREVIOUS].filter(Boolean),
    });
    // event.type, event.data …
    res.sendStatus(204);
  } catch {
    res.sendStatus(400);
  }
});`;

/**
 * The endpoint's circuit breaker in words: deliveries flow (closed); they are paused after
 * repeated failures until a time (open); or one trial delivery tests the endpoint (half-open).
 */
function CircuitState({ circuit, enabled, delivered }: { circuit: Config['circuit']; enabled: boolean; delivered: boolean }) {
  if (!enabled) return <span className="circuit">Off: the endpoint is disabled</span>;
  const failures = `${formatInteger(circuit.failures)} failed ${circuit.failures === 1 ? 'attempt' : 'attempts'} in a row`;
  if (circuit.state === 'open') {
    return (
      <>
        <span className="circuit circuit-open">
          Paused after repeated failures, next attempt at {circuit.retry_at ? <DateTime value={circuit.retry_at} /> : 'the next pass'}
        </span>
        <span className="circuit-note">{failures} (no answer, 5xx or 429). Events wait meanwhile; their retries are not used up.</span>
      </>
    );
  }
  if (circuit.state === 'half_open') {
    return (
      <>
        <span className="circuit circuit-half_open">Probing: one trial delivery tests the endpoint</span>
        <span className="circuit-note">If it succeeds, deliveries resume; if it fails, they pause again for longer.</span>
      </>
    );
  }
  if (!delivered) {
    return (
      <>
        <span className="circuit">No delivery has succeeded yet</span>
        <span className="circuit-note">{circuit.failures > 0 ? failures : 'Send a test event to check your endpoint.'}</span>
      </>
    );
  }
  return (
    <>
      <span className="circuit circuit-closed">Deliveries flowing</span>
      {circuit.failures > 0 ? <span className="circuit-note">{failures}</span> : null}
    </>
  );
}

/** The hint under the URL field: the server's own rule. */
function urlHint(allowPrivate: boolean): string {
  return allowPrivate
    ? 'An https or http URL. This server also delivers to private and loopback addresses (127.0.0.1, 10.x…): a development setting. Events are POSTed to it as JSON, signed.'
    : 'An https URL on a public address. Events are POSTed to it as JSON, signed.';
}

/** The form's own check of a URL against that rule; the server checks again (and resolves the host). */
function urlProblem(raw: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return `Enter a full URL, like ${allowPrivate ? 'http://127.0.0.1:4000/webhooks' : 'https://example.com/webhooks/svc'}`;
  }
  if (u.protocol === 'https:' || (allowPrivate && u.protocol === 'http:')) return null;
  return allowPrivate ? 'Use an https or http URL' : 'Use an https URL (http is not accepted)';
}

function EndpointForm({ env, config, onSaved }: { env: Environment; config: Config | null; onSaved: (c: Created) => void }) {
  const allowPrivate = useAllowPrivateTargets();
  const [url, setUrl] = useState(config?.url ?? '');
  const [events, setEvents] = useState<string[]>(config?.events ?? ['calculation.updated', 'usage.threshold_reached']);
  const [enabled, setEnabled] = useState(config?.enabled ?? true);
  const save = useSaveEndpoint(env, { onSuccess: onSaved });
  const role = useRole();
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(save.error, ['url', 'events', 'enabled'], {}, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({
      url: [check.filled(url, 'Enter the URL that receives the events'), url.trim() ? urlProblem(url, allowPrivate) : null],
      events: [events.length === 0 ? 'Choose at least one event type' : null],
    });
    if (passes(e.currentTarget, found)) save.mutate({ url: url.trim(), events: events as EventType[], enabled });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Endpoint">
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      {save.isSuccess && !save.data.secret ? <Banner tone="success">The endpoint was saved. Its signing secret is unchanged.</Banner> : null}
      <Field
        label="Endpoint URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks/svc"
        hint={urlHint(allowPrivate)}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.field('url')}
      />
      <fieldset className="field checks">
        <legend className="field-label">Event types</legend>
        {EVENT_TYPES.map((t) => (
          <label key={t.type} className="check">
            <input
              type="checkbox"
              name="events"
              value={t.type}
              checked={events.includes(t.type)}
              onChange={(e) => setEvents(e.target.checked ? [...events, t.type] : events.filter((x) => x !== t.type))}
            />
            <span>
              <code>{t.type}</code>
              {t.label.slice(t.type.length)}
            </span>
          </label>
        ))}
        {errors.field('events') ? <p className="field-error">{errors.field('events')}</p> : null}
      </fieldset>
      <label className="check">
        <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <span>Enabled</span>
      </label>
      <div className="actions">
        <Button type="submit" variant="primary" busy={save.isPending} {...allowedTo(role, 'POST /api/partners/me/webhooks')}>
          Save endpoint
        </Button>
      </div>
    </form>
  );
}

function SecretDialog({ created, onClose }: { created: Created | null; onClose: () => void }) {
  return (
    <Dialog
      open={created !== null && !!created.secret}
      title="Your signing secret"
      onClose={onClose}
      actions={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {created?.secret ? (
        <>
          <p>It is shown this one time: store it on the server that receives the events, and verify every delivery with it.</p>
          <ShownOnce value={created.secret} what="Secret" testId="signing-secret" />
          {created.previous_secret_expires_at ? (
            <p>
              For 24 hours, until <DateTime value={created.previous_secret_expires_at} />, deliveries are signed with both the new and the previous secret: update your
              server within that time.
            </p>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}

function Deliveries({ env, enabled }: { env: Environment; enabled: boolean }) {
  const [status, setStatus] = useState<DeliveryFilter>('all');
  const [eventType, setEventType] = useState<EventType | 'all'>('all');
  const [page, setPage] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const role = useRole();
  // Deliveries happen in the background: the table follows them.
  const list = useDeliveries(env, status, eventType);
  const resend = useResendDelivery(env, {
    onSuccess: (d) => {
      setNotice(`Resent: attempt ${d.attempt} ${d.status === 'delivered' ? `was delivered (HTTP ${d.status_code ?? '—'})` : `failed${d.error ? `: ${d.error}` : ''}`}.`);
    },
    onError: () => setNotice(null),
  });
  useEffect(() => setPage(0), [status, eventType, env]);

  const rows = list.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const columns: Column<Delivery>[] = [
    { header: 'Time', cell: (d) => <DateTime value={d.created_at} /> },
    { header: 'Event type', cell: (d) => <code>{d.event_type}</code> },
    {
      header: 'Event',
      cell: (d) => (
        <Link to={eventHref(env, d.event_id)} aria-label={`Event ${d.event_id}: its payload and every attempt`}>
          <code>{d.event_id}</code>
        </Link>
      ),
    },
    { header: 'Attempt', cell: (d) => formatInteger(d.attempt), numeric: true },
    { header: 'Status', cell: (d) => <span className={`status status-${d.status}`}>{d.status === 'delivered' ? 'Delivered' : 'Failed'}</span> },
    { header: 'HTTP code', cell: (d) => (d.status_code === null ? '—' : String(d.status_code)), numeric: true },
    { header: 'Duration', cell: (d) => `${formatInteger(d.duration_ms)} ms`, numeric: true },
    { header: 'Error', cell: (d) => (d.error ? <span className="cell-text">{d.error}</span> : '—') },
    {
      header: <span className="visually-hidden">Actions</span>,
      cell: (d) => (
        <Button
          onClick={() => (setNotice(null), resend.mutate(d.id))}
          busy={resend.isPending && resend.variables === d.id}
          {...allowedTo(role, 'POST /api/partners/me/webhooks/deliveries/{delivery_id}/resend', enabled ? undefined : 'The endpoint is disabled')}
          aria-label={`Resend ${d.event_type} of ${new Date(d.created_at).toLocaleString()}`}
        >
          Resend
        </Button>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="deliveries-title">
      <div className="card-head">
        <h2 id="deliveries-title">Delivery attempts</h2>
        <label className="inline-field">
          <span>Event type</span>
          <select className="field-control" value={eventType} onChange={(e) => setEventType(e.target.value as EventType | 'all')}>
            <option value="all">All</option>
            {EVENT_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.type}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>Status</span>
          <select className="field-control" value={status} onChange={(e) => setStatus(e.target.value as DeliveryFilter)}>
            <option value="all">All</option>
            <option value="delivered">Delivered</option>
            <option value="failed">Failed</option>
          </select>
        </label>
      </div>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {resend.isError ? <Banner tone="error">{resend.error.message}</Banner> : null}
      {list.isPending ? (
        <p className="muted" aria-busy="true">
          Loading delivery attempts…
        </p>
      ) : list.isError ? (
        <Banner tone="error" title="The delivery attempts could not be loaded" action={<Button onClick={() => void list.refetch()}>Try again</Button>}>
          {list.error.message}
        </Banner>
      ) : (
        <>
          <Table
            caption={`Delivery attempts in ${ENV_LABEL[env].toLowerCase()}, newest first`}
            hideCaption
            className="table-compact"
            columns={columns}
            rows={shown}
            rowKey={(d) => d.id}
            empty={
              eventType !== 'all' ? 'No attempts match these filters.' : status === 'all' ? 'No delivery attempts yet. Send a test event to see one.' : `No ${status} attempts.`
            }
          />
          {pages > 1 ? (
            <nav className="pager" aria-label="Delivery attempt pages">
              <Button onClick={() => setPage(page - 1)} disabled={page === 0}>
                Previous
              </Button>
              <span role="status">
                Page {page + 1} of {pages}
              </span>
              <Button onClick={() => setPage(page + 1)} disabled={page + 1 >= pages}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

export function Webhooks() {
  useTitle('Webhooks');
  const { env } = useEnvironment();
  const [created, setCreated] = useState<Created | null>(null);
  const [pending, setPending] = useState<'rotate' | 'delete' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The table is shown once the configuration has answered; its rows are asked for at the same time.
  usePrefetchQuery(deliveriesQuery(env, 'all'));
  // The endpoint follows its circuit while the page is open (it opens and closes as deliveries run).
  const config = useWebhookConfig(env);
  const rotate = useRotateWebhookSecret(env, {
    onSuccess: (c) => {
      setPending(null);
      setCreated(c);
    },
  });
  const remove = useDeleteEndpoint(env, {
    onSuccess: () => {
      setPending(null);
      setNotice('The endpoint was deleted: no more events are sent.');
    },
  });
  const test = useSendTestEvent(env, {
    onSuccess: () => setNotice('A test event was queued: its delivery attempt appears below in a few seconds.'),
  });

  const role = useRole();
  const c = config.data;
  const delivered = useDelivered(env, c?.url ?? null);
  return (
    <div className="page">
      <div className="page-head">
        <h1>Webhooks</h1>
      </div>
      <p className="lede">
        The service POSTs events to your endpoint in {ENV_LABEL[env].toLowerCase()}, signed with your signing secret, and retries failed deliveries.
      </p>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {config.isPending ? (
        <section className="card" aria-busy="true">
          <p className="muted">Loading your endpoint…</p>
        </section>
      ) : config.isError ? (
        <Banner tone="error" title="Your endpoint could not be loaded" action={<Button onClick={() => void config.refetch()}>Try again</Button>}>
          {config.error.message}
        </Banner>
      ) : (
        <>
          <section className="card" aria-labelledby="endpoint-title">
            <div className="card-head">
              <h2 id="endpoint-title">Endpoint</h2>
              <span className={`env-badge env-badge-${env}`}>{ENV_LABEL[env]}</span>
            </div>
            {c ? (
              <dl className="key-meta">
                <div>
                  <dt>Signing secret</dt>
                  <dd>
                    <code>{c.secret_hint}</code>
                  </dd>
                </div>
                <div>
                  <dt>Updated</dt>
                  <dd>
                    <DateTime value={c.updated_at} />
                  </dd>
                </div>
                <div>
                  <dt>Deliveries</dt>
                  <dd aria-live="polite" data-testid="circuit">
                    <CircuitState circuit={c.circuit} enabled={c.enabled} delivered={delivered.data === true} />
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="empty">No endpoint yet. Save one to receive events.</p>
            )}
            {c?.disabled_reason ? <Banner tone="warning">The service disabled this endpoint: {c.disabled_reason}</Banner> : null}
            <EndpointForm
              key={`${env}-${c?.updated_at ?? 'none'}`}
              env={env}
              config={c ?? null}
              onSaved={(saved) => {
                setNotice(null);
                if (saved.secret) setCreated(saved);
              }}
            />
            {c ? (
              <div className="actions endpoint-actions">
                <Button
                  onClick={() => (setNotice(null), test.reset(), test.mutate())}
                  busy={test.isPending}
                  {...allowedTo(role, 'POST /api/partners/me/webhooks/test', c.enabled ? undefined : 'The endpoint is disabled')}
                >
                  Send test event
                </Button>
                <Button onClick={() => (setNotice(null), rotate.reset(), setPending('rotate'))} {...allowedTo(role, 'POST /api/partners/me/webhooks/rotate-secret')}>
                  Rotate secret
                </Button>
                <Button variant="danger" onClick={() => (setNotice(null), remove.reset(), setPending('delete'))} {...allowedTo(role, 'DELETE /api/partners/me/webhooks')}>
                  Delete endpoint
                </Button>
              </div>
            ) : null}
            {test.isError ? <Banner tone="error">{test.error.message}</Banner> : null}
          </section>
          {c ? <Deliveries env={env} enabled={c.enabled} /> : null}
          <section className="card" aria-labelledby="verify-title">
            <h2 id="verify-title">Verify each delivery</h2>
            <p>
              Check the signature before you trust an event, with <code>verifyWebhook</code> from the typed client <code>@svc-platform/client</code>:
            </p>
            <div className="code-block">
              <pre tabIndex={0} aria-label="Verification example">
                <code>{SNIPPET}</code>
              </pre>
            </div>
          </section>
        </>
      )}
      <ConfirmDialog
        open={pending === 'rotate'}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        error={rotate.isError ? rotate.error.message : null}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setPending(null)}
      >
        <p>A new secret signs every delivery from now on. For 24 hours deliveries also carry a signature with the current secret, so your server keeps verifying while you update it.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'delete'}
        title="Delete the endpoint?"
        confirmLabel="Delete endpoint"
        danger
        busy={remove.isPending}
        error={remove.isError ? remove.error.message : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setPending(null)}
      >
        <p>No more events are sent to {c?.url ?? 'it'}. Saving an endpoint again gives it a new signing secret.</p>
      </ConfirmDialog>
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
