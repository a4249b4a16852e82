import { Link, useSearchParams } from 'react-router';
import type { Environment } from '../../api/client';
import { CursorPage, Field, FilterBar, QueryView, RequestDetails, RequestTable, useCursorPages, useTitle, type FilterValues } from '../../shared';
import { useRequest, useRequestLog, type RequestFilters } from '../api/requests';
import { useEnvironment } from '../session';

/** The filters' names in the address (the request id is `request`; `view` opens one request's details). */
const PARAM: Record<keyof RequestFilters, string> = { status: 'status', path: 'path', since: 'since', until: 'until', request_id: 'request' };
const FIELDS = Object.keys(PARAM) as (keyof RequestFilters)[];

function filtersOf(params: URLSearchParams): RequestFilters {
  const f: RequestFilters = {};
  for (const k of FIELDS) {
    const v = params.get(PARAM[k])?.trim();
    if (v) f[k] = v;
  }
  return f;
}

function keyOf(f: RequestFilters): string {
  return FIELDS.map((k) => `${k}=${f[k] ?? ''}`).join('&');
}

const valuesOf = (f: RequestFilters): FilterValues<keyof RequestFilters> => ({ status: f.status ?? '', path: f.path ?? '', since: f.since ?? '', until: f.until ?? '', request_id: f.request_id ?? '' });

const STATUS = /^([1-5]xx|[1-5]\d\d)$/;

function FilterForm({ filters, onApply }: { filters: RequestFilters; onApply: (f: RequestFilters) => void }) {
  const clean = (v: FilterValues<keyof RequestFilters>) => {
    const out = valuesOf({});
    for (const k of FIELDS) out[k] = v[k].trim();
    out.status = out.status.toLowerCase();
    return out;
  };
  const check = (v: FilterValues<keyof RequestFilters>) =>
    v.status && !STATUS.test(v.status) ? { field: 'status' as const, message: 'Enter a status class (2xx, 4xx, 5xx) or a status code such as 429' } : null;
  const apply = (v: FilterValues<keyof RequestFilters>) => {
    const f: RequestFilters = {};
    for (const k of FIELDS) if (v[k]) f[k] = v[k];
    onApply(f);
  };
  return (
    <FilterBar label="Filter the request log" applied={valuesOf(filters)} clean={clean} check={check} onApply={apply} submitLabel="Search">
      {(f) => (
        <>
          <Field id="logs-status" label="Status" name="status" hint="2xx, 4xx, 5xx or a code such as 429" value={f.value('status')} onChange={f.onChange('status')} maxLength={3} autoComplete="off" error={f.error('status')} />
          <Field label="Path" name="path" hint="The start of the path, e.g. /api/v1/ingest" value={f.value('path')} onChange={f.onChange('path')} maxLength={500} autoComplete="off" />
          <Field label="Since" name="since" hint="A date (2026-11-20) or a date-time" value={f.value('since')} onChange={f.onChange('since')} maxLength={64} autoComplete="off" />
          <Field label="Until" name="until" hint="A date (up to its end) or a date-time" value={f.value('until')} onChange={f.onChange('until')} maxLength={64} autoComplete="off" />
          <Field label="Request id" name="request_id" hint="The X-Request-Id of an answer" value={f.value('request_id')} onChange={f.onChange('request_id')} maxLength={128} autoComplete="off" />
        </>
      )}
    </FilterBar>
  );
}

function Results({ env, filters, viewHref }: { env: Environment; filters: RequestFilters; viewHref: (id: string) => string }) {
  const pages = useCursorPages();
  const list = useRequestLog(env, filters, pages.cursor);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <CursorPage query={list} pages={pages} failed="The request log could not be loaded" count={(data) => data.items.length}>
      {(data) => (
        <RequestTable
          caption={filtered ? 'Requests matching the filters, newest first' : 'Requests, newest first'}
          rows={data.items}
          empty={filtered ? 'No requests match these filters (a path search reads the most recent requests first: try Next).' : 'No requests yet in this environment.'}
          detailLink={(r) => (
            <Link to={viewHref(r.request_id)}>
              <code>{r.request_id}</code>
            </Link>
          )}
        />
      )}
    </CursorPage>
  );
}

function Detail({ env, id, closeHref }: { env: Environment; id: string; closeHref: string }) {
  const request = useRequest(env, id);
  return (
    <section className="card" aria-labelledby="request-h">
      <div className="card-head">
        <h2 id="request-h">Request {id}</h2>
        <Link className="card-head-link" to={closeHref}>
          Close
        </Link>
      </div>
      <QueryView query={request} failed="This request could not be loaded" loadingClass="muted">
        {(data) => <RequestDetails request={data} />}
      </QueryView>
    </section>
  );
}

export function Logs() {
  useTitle('Logs');
  const { env } = useEnvironment();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const view = params.get('view');
  const withParams = (change: (p: URLSearchParams) => void) => {
    const p = new URLSearchParams(params);
    change(p);
    const q = p.toString();
    return q ? `?${q}` : '?';
  };
  const apply = (f: RequestFilters) =>
    setParams(
      new URLSearchParams(
        withParams((p) => {
          for (const k of FIELDS) {
            if (f[k]) p.set(PARAM[k], f[k]);
            else p.delete(PARAM[k]);
          }
          p.delete('view');
        }).slice(1),
      ),
    );
  return (
    <div className="page">
      <div className="page-head">
        <h1>Logs</h1>
      </div>
      <p className="lede">
        Every partner-API request of the {env === 'live' ? 'live' : 'test'} environment, newest first: its status, error and duration. Find a failed call by the
        X-Request-Id of its answer. Requests are kept for a limited time (30 days unless your operator says otherwise).
      </p>
      <FilterForm filters={filters} onApply={apply} />
      {view ? <Detail key={`${env} ${view}`} env={env} id={view} closeHref={withParams((p) => p.delete('view'))} /> : null}
      <Results key={`${env} ${keyOf(filters)}`} env={env} filters={filters} viewHref={(id) => withParams((p) => p.set('view', id))} />
    </div>
  );
}
