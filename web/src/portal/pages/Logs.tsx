import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Environment } from '../../api/client';
import { Banner, Button, CursorPager, Field, formErrors, QueryView, RequestDetails, RequestTable, useCursorPages, useTitle } from '../../shared';
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

type Draft = Record<keyof RequestFilters, string>;
const draftOf = (f: RequestFilters): Draft => ({ status: f.status ?? '', path: f.path ?? '', since: f.since ?? '', until: f.until ?? '', request_id: f.request_id ?? '' });

const STATUS = /^([1-5]xx|[1-5]\d\d)$/;

function FilterForm({ filters, onApply }: { filters: RequestFilters; onApply: (f: RequestFilters) => void }) {
  const [draft, setDraft] = useState(() => draftOf(filters));
  const [problem, setProblem] = useState<string | null>(null);
  const current = keyOf(filters);
  const shown = useRef(current);
  useEffect(() => {
    if (current === shown.current) return;
    shown.current = current;
    setDraft(draftOf(filters));
  }, [current, filters]);
  const edit = (k: keyof Draft) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setDraft((d) => ({ ...d, [k]: value }));
  };
  const apply = (f: RequestFilters) => {
    shown.current = keyOf(f);
    onApply(f);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const status = draft.status.trim().toLowerCase();
    if (status && !STATUS.test(status)) {
      setProblem('Enter a status class (2xx, 4xx, 5xx) or a status code such as 429');
      document.getElementById('logs-status')?.focus();
      return;
    }
    setProblem(null);
    const f: RequestFilters = {};
    for (const k of FIELDS) {
      const v = (k === 'status' ? status : draft[k]).trim();
      if (v) f[k] = v;
    }
    apply(f);
  };
  const clear = () => {
    setDraft(draftOf({}));
    setProblem(null);
    apply({});
  };
  return (
    <form className="toolbar audit-filters" role="search" aria-label="Filter the request log" onSubmit={submit} noValidate>
      <Field id="logs-status" label="Status" name="status" hint="2xx, 4xx, 5xx or a code such as 429" value={draft.status} onChange={edit('status')} maxLength={3} autoComplete="off" error={problem} />
      <Field label="Path" name="path" hint="The start of the path, e.g. /api/v1/ingest" value={draft.path} onChange={edit('path')} maxLength={500} autoComplete="off" />
      <Field label="Since" name="since" hint="A date (2026-11-20) or a date-time" value={draft.since} onChange={edit('since')} maxLength={64} autoComplete="off" />
      <Field label="Until" name="until" hint="A date (up to its end) or a date-time" value={draft.until} onChange={edit('until')} maxLength={64} autoComplete="off" />
      <Field label="Request id" name="request_id" hint="The X-Request-Id of an answer" value={draft.request_id} onChange={edit('request_id')} maxLength={128} autoComplete="off" />
      <div className="actions">
        <Button type="submit" variant="primary">
          Search
        </Button>
        {Object.values(filters).some(Boolean) ? <Button onClick={clear}>Clear filters</Button> : null}
      </div>
    </form>
  );
}

function Results({ env, filters, viewHref }: { env: Environment; filters: RequestFilters; viewHref: (id: string) => string }) {
  const pages = useCursorPages();
  const list = useRequestLog(env, filters, pages.cursor);
  const filtered = Object.values(filters).some(Boolean);
  if (list.isError) {
    const errors = formErrors(list.error, []);
    return (
      <Banner tone="error" title="The request log could not be loaded" action={<Button onClick={() => void list.refetch()}>Try again</Button>}>
        {errors.form ?? list.error.message}
      </Banner>
    );
  }
  if (list.isPending) {
    return (
      <p className="page-loading" aria-busy="true">
        Loading…
      </p>
    );
  }
  return (
    <>
      <RequestTable
        caption={filtered ? 'Requests matching the filters, newest first' : 'Requests, newest first'}
        rows={list.data.items}
        empty={filtered ? 'No requests match these filters (a path search reads the most recent requests first: try Next).' : 'No requests yet in this environment.'}
        detailLink={(r) => (
          <Link to={viewHref(r.request_id)}>
            <code>{r.request_id}</code>
          </Link>
        )}
      />
      <CursorPager pages={pages} next={list.data.next_cursor} count={list.data.items.length} />
    </>
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
