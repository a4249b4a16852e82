/**
 * The public status page (/status, no sign-in): the overall status, each component with its
 * 30-day uptime, latest response time and daily history, the open incidents (and which components
 * they affect) and those resolved in the last 7 days, all from GET /api/platform/status. It asks
 * again every minute (and when the reader comes back to the tab) and says when the status it shows
 * was taken. A reader can subscribe to the incidents: the Atom and RSS feeds are linked here and
 * in the page's head (web/status/index.html).
 *
 * An entry of its own: it imports shared pieces one module at a time, never the portal's or the
 * console's code, so its bundle stays small.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PlatformStatus } from '../api/client';
import { Banner } from '../shared/Banner';
import { Button } from '../shared/Button';
import { DateTime } from '../shared/DateTime';
import { formatDay, formatInteger } from '../shared/format';
import icon from '../shared/icon.svg';
import { useTitle } from '../shared/useTitle';
import { usePlatformStatus } from './api/status';

type Component = PlatformStatus['components'][number];
type Incident = PlatformStatus['incidents'][number];
type State = PlatformStatus['status'];

const DAY_MS = 86_400_000;
const APP = 'Service status';
const FEEDS = { atom: '/api/platform/incidents.atom', rss: '/api/platform/incidents.rss' } as const;

const STATE_LABEL: Record<State, string> = {
  operational: 'Operational',
  degraded: 'Degraded performance',
  outage: 'Outage',
  maintenance: 'Maintenance',
};
const OVERALL_LABEL: Record<State, string> = {
  operational: 'All systems operational',
  degraded: 'Some systems are degraded',
  outage: 'Some systems are down',
  maintenance: 'Maintenance under way',
};
const IMPACT_LABEL: Record<Incident['impact'], string> = { none: 'No impact', minor: 'Minor impact', major: 'Major impact', critical: 'Critical impact' };
const INCIDENT_STATUS_LABEL: Record<Incident['status'], string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};
const PERCENT = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, refetchOnWindowFocus: true, retry: 1 },
  },
});

/**
 * The latest probe's duration as measured (microseconds): "< 1 ms" under a millisecond, one decimal
 * under ten. `response_ms` alone (whole milliseconds, at least 1) for a probe recorded before
 * microseconds were; nothing before the first probe.
 */
function responseTime(c: Pick<Component, 'response_ms' | 'response_us' | 'checked_at'>): string {
  if (c.response_us === null) return c.checked_at ? `${formatInteger(c.response_ms)} ms` : 'Not yet measured';
  const ms = c.response_us / 1000;
  if (ms < 1) return '< 1 ms';
  if (ms < 10) return `${ONE_DECIMAL.format(ms)} ms`;
  return `${formatInteger(Math.round(ms))} ms`;
}
const ONE_DECIMAL = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function dayLabel(state: string): string {
  return state in STATE_LABEL ? STATE_LABEL[state as State] : 'No data';
}

/** `YYYY-MM-DD` of the UTC day `back` days before the day of `iso`. */
function utcDayBefore(iso: string, back: number): string {
  const t = new Date(iso).getTime();
  const day = Number.isNaN(t) ? Date.now() : t;
  return new Date(Math.floor(day / DAY_MS) * DAY_MS - back * DAY_MS).toISOString().slice(0, 10);
}

function StatePill({ state }: { state: State }) {
  return <span className={`status state-${state}`}>{STATE_LABEL[state]}</span>;
}

/** One box per UTC day, oldest first, each named for assistive technology and in its tooltip. */
function History({ component, updatedAt }: { component: Component; updatedAt: string }) {
  const n = component.history.length;
  if (n === 0) return null;
  return (
    <div className="history-wrap">
      <ol className="history" aria-label={`${component.name}: one status per UTC day, the last ${n} days, oldest first`}>
        {component.history.map((s, i) => {
          const text = `${formatDay(utcDayBefore(updatedAt, n - 1 - i))}: ${dayLabel(s)}`;
          return (
            <li key={i} className={`history-day history-${s}`} title={text}>
              <span className="visually-hidden">{text}</span>
            </li>
          );
        })}
      </ol>
      <div className="history-scale" aria-hidden="true">
        <span>{n} days ago</span>
        <span>Today</span>
      </div>
    </div>
  );
}

function ComponentItem({ component, updatedAt, incidents }: { component: Component; updatedAt: string; incidents: Incident[] }) {
  const c = component;
  return (
    <li className="component">
      <div className="component-head">
        <h3>{c.name}</h3>
        <StatePill state={c.status} />
      </div>
      <p className="component-desc">{c.description}</p>
      <dl className="key-meta component-figures">
        <div>
          <dt>Uptime, 30 days</dt>
          <dd>{PERCENT.format(c.uptime_30d)}%</dd>
        </div>
        <div>
          <dt>Response time</dt>
          <dd>{responseTime(c)}</dd>
        </div>
        <div>
          <dt>Last checked</dt>
          <dd>{c.checked_at ? <DateTime value={c.checked_at} /> : 'Not yet'}</dd>
        </div>
      </dl>
      {c.detail && c.status !== 'operational' ? <p className="component-desc">Latest check: {c.detail}</p> : null}
      {incidents.length > 0 ? (
        <p className="component-incidents">
          Affected by{' '}
          {incidents.map((i, n) => (
            <span key={i.id}>
              {n > 0 ? ', ' : null}
              <a href={`#incident-${i.id}`}>{i.title}</a>
            </span>
          ))}
        </p>
      ) : null}
      <History component={c} updatedAt={updatedAt} />
    </li>
  );
}

function IncidentCard({ incident, names }: { incident: Incident; names: Map<string, string> }) {
  const i = incident;
  const titleId = `incident-${i.id}`;
  const affected = i.components.map((id) => names.get(id) ?? id);
  return (
    <article className={`card incident incident-${i.impact}`} aria-labelledby={titleId}>
      <div className="incident-head">
        <h3 id={titleId}>{i.title}</h3>
        <span className={`status incident-state-${i.status}`}>{INCIDENT_STATUS_LABEL[i.status]}</span>
      </div>
      <p className="incident-meta">
        {IMPACT_LABEL[i.impact]}
        {affected.length > 0 ? ` · Affects ${affected.join(', ')}` : null} · Started <DateTime value={i.started_at} />
        {i.resolved_at ? (
          <>
            {' '}
            · Resolved <DateTime value={i.resolved_at} />
          </>
        ) : null}
      </p>
      <p>{i.summary}</p>
      {i.updates.length > 0 ? (
        <ol className="updates" aria-label={`Updates of ${i.title}, newest first`}>
          {i.updates.map((u) => (
            <li key={u.id} id={u.id}>
              <DateTime value={u.at} />: <strong>{INCIDENT_STATUS_LABEL[u.status]}</strong>. {u.message}
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  );
}

function StatusView({ data, refreshing, onRefresh }: { data: PlatformStatus; refreshing: boolean; onRefresh: () => void }) {
  const names = new Map(data.components.map((c) => [c.id, c.name]));
  const open = data.incidents.filter((i) => i.resolved_at === null);
  const resolved = data.incidents.filter((i) => i.resolved_at !== null);
  return (
    <>
      <section className={`overall overall-${data.status}`} aria-labelledby="overall-title">
        <div className="overall-head">
          <h2 id="overall-title" className="overall-title">
            {OVERALL_LABEL[data.status]}
          </h2>
          {open.length > 0 ? (
            <p className="overall-incidents">
              <a href="#open-title">{open.length === 1 ? 'One open incident' : `${formatInteger(open.length)} open incidents`}</a>
              {open.every((i) => i.impact === 'none') ? ', with no impact on the service' : null}
            </p>
          ) : null}
        </div>
        <p className="overall-updated">
          <span>
            Last updated <DateTime value={data.updated_at} />. This page refreshes every minute.
          </span>
          <Button variant="quiet" onClick={onRefresh} busy={refreshing}>
            Refresh now
          </Button>
        </p>
      </section>

      {open.length > 0 ? (
        <section className="stack" aria-labelledby="open-title">
          <h2 id="open-title">Open incidents</h2>
          {open.map((i) => (
            <IncidentCard key={i.id} incident={i} names={names} />
          ))}
        </section>
      ) : null}

      <section className="card" aria-labelledby="components-title">
        <h2 id="components-title">Components</h2>
        <ul className="components">
          {data.components.map((c) => (
            <ComponentItem key={c.id} component={c} updatedAt={data.updated_at} incidents={open.filter((i) => i.components.includes(c.id))} />
          ))}
        </ul>
      </section>

      <section className="stack" aria-labelledby="resolved-title">
        <h2 id="resolved-title">Resolved in the last 7 days</h2>
        {resolved.length > 0 ? (
          resolved.map((i) => <IncidentCard key={i.id} incident={i} names={names} />)
        ) : (
          <p className="empty">No incidents in the last 7 days.</p>
        )}
      </section>
    </>
  );
}

/**
 * A link into the page (a feed entry's `/status#<update id>`, a component's incident) names an element
 * that exists only once the status has arrived, after the browser looked for it: look again then, once.
 */
function useScrollToTarget(ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [ready]);
}

function StatusPage() {
  const status = usePlatformStatus();
  const data = status.data;
  useTitle(data ? OVERALL_LABEL[data.status] : '', APP);
  useScrollToTarget(data !== undefined);
  return (
    <div className="app status-app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <div className="brand">
            <img src={icon} alt="" width="28" height="28" />
            <span className="brand-name">{APP}</span>
          </div>
          <div className="topbar-tools">
            <a href="/portal/">Partner portal</a>
          </div>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <div className="page">
          <div className="page-head status-head">
            <h1>{APP}</h1>
            <p className="subscribe">
              <a href={FEEDS.atom} type="application/atom+xml">
                Subscribe to incidents
              </a>{' '}
              (Atom, or{' '}
              <a href={FEEDS.rss} type="application/rss+xml">
                RSS
              </a>
              )
            </p>
          </div>
          {data ? (
            <>
              {status.isError ? (
                <Banner tone="warning" title="The status could not be refreshed">
                  <p>{status.error.message}</p>
                  <p>What follows is the status of the last successful check; the page tries again every minute.</p>
                </Banner>
              ) : null}
              <StatusView data={data} refreshing={status.isFetching} onRefresh={() => void status.refetch()} />
            </>
          ) : status.isError ? (
            <Banner tone="error" title="The status could not be loaded" action={<Button onClick={() => void status.refetch()}>Try again</Button>}>
              {status.error.message}
            </Banner>
          ) : (
            <p className="page-loading" aria-busy="true">
              Loading the status…
            </p>
          )}
        </div>
      </main>
      <footer className="footer">
        <a href="/portal/">Partner portal</a>
        <a href="/api/docs">API reference</a>
        <a href="/api/platform/status">This status as JSON</a>
        <a href={FEEDS.atom} type="application/atom+xml">
          Incidents feed
        </a>
      </footer>
    </div>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <StatusPage />
    </QueryClientProvider>
  );
}
