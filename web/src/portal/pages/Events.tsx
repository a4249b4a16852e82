import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Environment } from '../../api/client';
import { Banner, Button, CopyButton, CursorPage, DateTime, Field, FilterBar, formatInteger, QueryView, SelectField, Table, useCursorPages, useTitle, type Column, type FilterValues } from '../../shared';
import {
  useResendEvent,
  useWebhookConfig,
  useWebhookEvent,
  useWebhookEvents,
  type EventFilters,
  type EventState,
  type EventType,
  type WebhookAttempt,
  type WebhookEventDetail,
  type WebhookEventSummary,
} from '../api/webhooks';
import { allowedTo, useRole } from '../permissions';
import { ENV_LABEL, useEnvironment } from '../session';
import { EVENT_TYPES, eventHref } from '../webhook-events';

const STATES: { state: EventState; label: string }[] = [
  { state: 'pending', label: 'Pending' },
  { state: 'delivered', label: 'Delivered' },
  { state: 'exhausted', label: 'Failed' },
  { state: 'skipped', label: 'Skipped' },
];
const STATE_LABEL = Object.fromEntries(STATES.map((s) => [s.state, s.label])) as Record<EventState, string>;
/** The badge's colour: the delivery table's for delivered and failed, the warning's while an attempt is due. */
const STATE_CLASS: Record<EventState, string> = { pending: 'status-pending', delivered: 'status-delivered', exhausted: 'status-failed', skipped: '' };
const STATE_HINT: Record<EventState, string> = {
  pending: 'Waiting for its next attempt',
  delivered: 'An attempt succeeded',
  exhausted: 'Every attempt failed (or the endpoint answered 410)',
  skipped: 'No enabled endpoint of the environment took its type when it was due',
};

function StateBadge({ state }: { state: EventState }) {
  return (
    <span className={`status ${STATE_CLASS[state]}`} title={STATE_HINT[state]}>
      {STATE_LABEL[state]}
    </span>
  );
}

// ---------------------------------------------------------------- the list

const FIELDS = ['type', 'status', 'since'] as const;
const isType = (v: string): v is EventType => EVENT_TYPES.some((t) => t.type === v);
const isState = (v: string): v is EventState => STATES.some((s) => s.state === v);

/** The filters the address holds; a value the list does not know is left out (as if not given). */
function filtersOf(params: URLSearchParams): EventFilters {
  const f: EventFilters = {};
  const type = params.get('type')?.trim();
  const status = params.get('status')?.trim();
  const since = params.get('since')?.trim();
  if (type && isType(type)) f.type = type;
  if (status && isState(status)) f.status = status;
  if (since) f.since = since;
  return f;
}

const keyOf = (f: EventFilters) => FIELDS.map((k) => `${k}=${f[k] ?? ''}`).join('&');
type FilterKey = (typeof FIELDS)[number];
const valuesOf = (f: EventFilters): FilterValues<FilterKey> => ({ type: f.type ?? '', status: f.status ?? '', since: f.since ?? '' });

function FilterForm({ filters, onApply }: { filters: EventFilters; onApply: (f: EventFilters) => void }) {
  return (
    <FilterBar label="Filter the events" applied={valuesOf(filters)} onApply={(v) => onApply(filtersOf(new URLSearchParams(v)))} submitLabel="Search">
      {(f) => (
        <>
          <SelectField label="Type" id="events-type" name="type" value={f.value('type')} onChange={f.onChange('type')}>
            <option value="">All types</option>
            {EVENT_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.type}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" id="events-status" name="status" value={f.value('status')} onChange={f.onChange('status')}>
            <option value="">All statuses</option>
            {STATES.map((s) => (
              <option key={s.state} value={s.state}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <Field label="Since" name="since" hint="A date (2026-11-20) or a date-time" value={f.value('since')} onChange={f.onChange('since')} maxLength={40} autoComplete="off" />
        </>
      )}
    </FilterBar>
  );
}

function EventList({ env, filters }: { env: Environment; filters: EventFilters }) {
  const pages = useCursorPages();
  const list = useWebhookEvents(env, filters, pages.cursor);
  const filtered = Object.values(filters).some(Boolean);
  const columns: Column<WebhookEventSummary>[] = [
    { header: 'Created', cell: (e) => <DateTime value={e.created_at} /> },
    {
      header: 'Event',
      cell: (e) => (
        <Link to={eventHref(env, e.id)}>
          <code>{e.id}</code>
        </Link>
      ),
    },
    { header: 'Type', cell: (e) => <code>{e.type}</code> },
    { header: 'Status', cell: (e) => <StateBadge state={e.state} /> },
    { header: 'Attempts', cell: (e) => formatInteger(e.attempts), numeric: true },
    { header: 'Next attempt', cell: (e) => (e.next_attempt_at ? <DateTime value={e.next_attempt_at} /> : '—') },
  ];
  return (
    <CursorPage query={list} pages={pages} failed="The events could not be loaded" fieldLabels={{ since: 'Since' }} count={(data) => data.data.length}>
      {(data) => (
        <Table
          caption={filtered ? 'Events matching the filters, newest first' : `Events in ${ENV_LABEL[env].toLowerCase()}, newest first`}
          hideCaption
          columns={columns}
          rows={data.data}
          rowKey={(e) => e.id}
          empty={filtered ? 'No events match these filters.' : 'No events yet in this environment. Send a test event from the Webhooks page to see one.'}
        />
      )}
    </CursorPage>
  );
}

export function Events() {
  useTitle('Events');
  const { env } = useEnvironment();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const apply = (f: EventFilters) => {
    const p = new URLSearchParams(params);
    for (const k of FIELDS) {
      const v = f[k];
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };
  return (
    <div className="page">
      <div className="page-head">
        <h1>Events</h1>
      </div>
      <p className="lede">
        The webhook events of the {ENV_LABEL[env].toLowerCase()} environment, newest first. Open one to see its payload as delivered and every attempt: the headers
        sent, your endpoint’s answer, and how long it took.
      </p>
      <FilterForm filters={filters} onApply={apply} />
      <section className="card" aria-label="Events">
        <EventList key={`${env} ${keyOf(filters)}`} env={env} filters={filters} />
      </section>
    </div>
  );
}

// ---------------------------------------------------------------- one event

/** The payload indented for reading; the text as delivered when it is not JSON. */
function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function Headers({ headers, label, none }: { headers: Record<string, string> | null; label: string; none: string }) {
  const entries = headers ? Object.entries(headers) : [];
  if (entries.length === 0) return <p className="muted">{none}</p>;
  return (
    <dl className="details header-list" aria-label={label}>
      {entries.map(([name, value]) => (
        <div key={name} className="header-row">
          <dt>
            <code>{name}</code>
          </dt>
          <dd>
            <code>{value}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An attempt's error when it says more than its HTTP code (a 503's error is just `HTTP 503`). */
function errorBeyondCode(attempt: WebhookAttempt): string | null {
  if (!attempt.error || attempt.error === `HTTP ${attempt.status_code}`) return null;
  return attempt.error;
}

/**
 * One attempt: a one-line summary (number, outcome, duration, time) that opens on a click or a key to what was sent and
 * answered. Open at first when `open`; afterwards the reader decides (a later render, such as the list growing after
 * a resend, never closes what they opened).
 */
function Attempt({ attempt, open }: { attempt: WebhookAttempt; open: boolean }) {
  const [openAtFirst] = useState(open);
  const answered = attempt.status_code !== null;
  const error = errorBeyondCode(attempt);
  return (
    <details className="attempt" open={openAtFirst} aria-labelledby={`attempt-${attempt.id}`} data-testid="attempt">
      <summary className="attempt-summary" data-testid="attempt-summary">
        <h3 id={`attempt-${attempt.id}`}>Attempt {formatInteger(attempt.attempt)}</h3>
        <span className={`status status-${attempt.status}`}>{attempt.status === 'delivered' ? 'Delivered' : 'Failed'}</span>
        <span className="attempt-code">{answered ? `HTTP ${attempt.status_code}` : 'No answer'}</span>
        {error ? (
          <span className="attempt-error" title={error} data-testid="attempt-error">
            {error}
          </span>
        ) : null}
        <span className="attempt-duration">{formatInteger(attempt.duration_ms)} ms</span>
        <span className="attempt-time">
          <DateTime value={attempt.created_at} />
        </span>
      </summary>
      <div className="attempt-body">
        <dl className="details">
          <dt>Response status</dt>
          <dd data-testid="attempt-status">{answered ? attempt.status_code : 'No answer'}</dd>
          <dt>Duration</dt>
          <dd>{formatInteger(attempt.duration_ms)} ms</dd>
          <dt>URL</dt>
          <dd>
            <code>{attempt.url}</code>
          </dd>
          {attempt.error ? (
            <>
              <dt>Error</dt>
              <dd>{attempt.error}</dd>
            </>
          ) : null}
          {attempt.next_attempt_at ? (
            <>
              <dt>Next attempt</dt>
              <dd>
                <DateTime value={attempt.next_attempt_at} />
              </dd>
            </>
          ) : null}
        </dl>
        <h4>Request headers</h4>
        <Headers headers={attempt.request_headers} label={`Request headers of attempt ${attempt.attempt}`} none="Not kept for this attempt (made before request headers were recorded)." />
        <h4>Response headers</h4>
        <Headers headers={attempt.response_headers} label={`Response headers of attempt ${attempt.attempt}`} none={answered ? 'None.' : 'No answer.'} />
        <h4>Response body</h4>
        {attempt.response_body_excerpt ? (
          <div className="code-block">
            <pre className="excerpt" tabIndex={0} aria-label={`Response body of attempt ${attempt.attempt} (the first 4 KiB)`}>
              <code>{attempt.response_body_excerpt}</code>
            </pre>
          </div>
        ) : (
          <p className="muted">{answered ? 'Empty.' : 'No answer.'}</p>
        )}
      </div>
    </details>
  );
}

function EventView({ env, event }: { env: Environment; event: WebhookEventDetail }) {
  const role = useRole();
  const config = useWebhookConfig(env);
  const [notice, setNotice] = useState<string | null>(null);
  const resend = useResendEvent(env, event.id, {
    onSuccess: (d) =>
      setNotice(`Resent: attempt ${d.attempt} ${d.status === 'delivered' ? `was delivered (HTTP ${d.status_code ?? '—'})` : `failed${d.error ? `: ${d.error}` : ''}`}.`),
    onError: () => setNotice(null),
  });
  // The API lists them oldest first; the newest, open, reads best at the top.
  const newestFirst = [...event.deliveries].reverse();
  const endpoint = config.data;
  const why = config.isSuccess && !endpoint ? 'No endpoint is configured in this environment' : endpoint && !endpoint.enabled ? 'The endpoint is disabled' : undefined;
  return (
    <>
      <section className="card" aria-labelledby="event-h">
        <div className="card-head">
          <h2 id="event-h">Details</h2>
          <div className="card-head-link">
            <Button onClick={() => (setNotice(null), resend.mutate())} busy={resend.isPending} {...allowedTo(role, 'POST /api/partners/me/webhooks/events/{event_id}/resend', why)}>
              Resend
            </Button>
          </div>
        </div>
        {notice ? <Banner tone="success">{notice}</Banner> : null}
        {resend.isError ? <Banner tone="error">{resend.error.message}</Banner> : null}
        <dl className="details">
          <dt>Id</dt>
          <dd>
            <code>{event.id}</code>
          </dd>
          <dt>Type</dt>
          <dd>
            <code>{event.type}</code>
          </dd>
          <dt>Created</dt>
          <dd>
            <DateTime value={event.created_at} />
          </dd>
          <dt>Status</dt>
          <dd>
            <StateBadge state={event.state} /> {STATE_HINT[event.state]}
          </dd>
          <dt>Attempts</dt>
          <dd>{formatInteger(event.attempts)}</dd>
          {event.next_attempt_at ? (
            <>
              <dt>Next attempt</dt>
              <dd>
                <DateTime value={event.next_attempt_at} />
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="card" aria-labelledby="payload-h">
        <div className="card-head">
          <h2 id="payload-h">Payload</h2>
          <div className="code-actions card-head-link">
            <CopyButton text={event.payload} what="Payload" />
          </div>
        </div>
        <p className="muted">Indented here for reading; Copy gives the body byte for byte as delivered, the text the signatures cover.</p>
        <div className="code-block">
          <pre tabIndex={0} aria-label="Payload" data-testid="payload">
            <code>{pretty(event.payload)}</code>
          </pre>
        </div>
      </section>
      <section className="card" aria-labelledby="attempts-h">
        <div className="card-head">
          <h2 id="attempts-h">Attempts</h2>
        </div>
        {event.deliveries_total > event.deliveries.length ? (
          <p className="muted" data-testid="attempts-shown">
            Showing the newest {formatInteger(event.deliveries.length)} of {formatInteger(event.deliveries_total)} attempts. The others are in the delivery log
            of the Webhooks page, and the API lists this event's attempts: <code>GET /api/v1/webhooks/deliveries?event_id={event.id}</code>.
          </p>
        ) : null}
        {newestFirst.length === 0 ? (
          <p className="empty">{event.state === 'pending' ? 'No attempt yet: the first one is on its way.' : 'No attempt was made.'}</p>
        ) : (
          <>
            {newestFirst.length > 1 ? <p className="muted">Newest first. Open an attempt to see the headers sent and your endpoint’s answer.</p> : null}
            <ol className="attempts">
              {newestFirst.map((a, i) => (
                <li key={a.id}>
                  <Attempt attempt={a} open={i === 0} />
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </>
  );
}

export function EventPage() {
  const { eventId = '' } = useParams();
  useTitle(`Event ${eventId}`);
  const { env } = useEnvironment();
  const event = useWebhookEvent(env, eventId);
  return (
    <div className="page">
      <div className="page-head">
        <h1>Event</h1>
        <Link className="card-head-link" to={`/events?env=${env}`}>
          All events
        </Link>
      </div>
      <QueryView query={event} failed="This event could not be loaded">
        {(data) => <EventView key={`${env} ${data.id}`} env={env} event={data} />}
      </QueryView>
    </div>
  );
}
