import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { api, unwrap, type AdminPartner } from '../../api/client';
import { Banner, Button, type Column, CursorPager, DateTime, errorText, Field, formatInteger, LoadFailed, Table, useCursorPages } from '../../shared';
import { useMonthUsage } from '../usage';
import { useTitle } from '../title';

const PAGE = 50;

type SortKey = 'company' | 'contact' | 'email' | 'tier' | 'active' | 'production' | 'created' | 'events' | 'users';
interface Row extends AdminPartner {
  events: number;
  users: number;
}

const VALUE: Record<SortKey, (r: Row) => string | number> = {
  company: (r) => r.company_name.toLowerCase(),
  contact: (r) => r.contact_name.toLowerCase(),
  email: (r) => r.email.toLowerCase(),
  tier: (r) => r.tier,
  active: (r) => (r.active ? 1 : 0),
  production: (r) => (r.production_enabled ? 1 : 0),
  created: (r) => r.created_at,
  events: (r) => r.events,
  users: (r) => r.users,
};

function yesNo(v: boolean) {
  return v ? 'Yes' : 'No';
}

/** A column header that sorts the table: its state is told by aria-sort on the button's label. */
function SortHeader({ label, k, sort, onSort }: { label: string; k: SortKey; sort: { key: SortKey; dir: 'asc' | 'desc' }; onSort: (k: SortKey) => void }) {
  const active = sort.key === k;
  return (
    <button type="button" className="sort-button" onClick={() => onSort(k)} aria-label={`${label}${active ? (sort.dir === 'asc' ? ', sorted ascending' : ', sorted descending') : ''}`}>
      {label}
      <span aria-hidden="true" className="sort-mark">
        {active ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
      </span>
    </button>
  );
}

export function Partners() {
  useTitle('Partners');
  const [params, setParams] = useSearchParams();
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({ key: 'created', dir: 'desc' });

  const list = useQuery({
    queryKey: ['admin-partners', q, cursor ?? null],
    queryFn: () => unwrap(api.GET('/api/admin/partners', { params: { query: { limit: PAGE, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } } })),
  });
  const usage = useMonthUsage();

  const rows = useMemo<Row[]>(() => {
    const items = (list.data?.items ?? []).map((p) => {
      const u = usage.data?.get(p.id);
      return { ...p, events: u?.events ?? 0, users: u?.active_users ?? 0 };
    });
    const v = VALUE[sort.key];
    const sign = sort.dir === 'asc' ? 1 : -1;
    return items.sort((a, b) => (v(a) < v(b) ? -sign : v(a) > v(b) ? sign : 0));
  }, [list.data, usage.data, sort]);

  const onSort = (key: SortKey) => setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }));
  const h = (label: string, k: SortKey) => <SortHeader label={label} k={k} sort={sort} onSort={onSort} />;
  const columns: Column<Row>[] = [
    { header: h('Company', 'company'), cell: (r) => <Link to={`/partners/${encodeURIComponent(r.id)}`}>{r.company_name}</Link> },
    { header: h('Contact', 'contact'), cell: (r) => r.contact_name },
    { header: h('Email', 'email'), cell: (r) => r.email },
    { header: h('Tier', 'tier'), cell: (r) => r.tier },
    { header: h('Active', 'active'), cell: (r) => yesNo(r.active) },
    { header: h('Production enabled', 'production'), cell: (r) => yesNo(r.production_enabled) },
    { header: h('Created', 'created'), cell: (r) => <DateTime value={r.created_at} dateOnly /> },
    { header: h('Events this month', 'events'), cell: (r) => (usage.isPending ? '…' : formatInteger(r.events)), numeric: true },
    { header: h('End-users this month', 'users'), cell: (r) => (usage.isPending ? '…' : formatInteger(r.users)), numeric: true },
  ];

  const search = (e: FormEvent) => {
    e.preventDefault();
    const p = new URLSearchParams(params);
    if (text.trim()) p.set('q', text.trim());
    else p.delete('q');
    pages.reset();
    setParams(p);
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>Partners</h1>
      </div>
      {deleted ? <Banner tone="success">{deleted} was deleted.</Banner> : null}
      <form className="toolbar" role="search" onSubmit={search} noValidate>
        <Field label="Search by company or email" type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} />
        <Button type="submit">Search</Button>
      </form>
      {usage.isError ? <Banner tone="warning">This month’s usage could not be loaded: {errorText(usage.error)}</Banner> : null}
      {list.isError ? (
        <LoadFailed title="The partners could not be loaded" query={list} />
      ) : list.isPending ? (
        <p className="page-loading" aria-busy="true">
          Loading…
        </p>
      ) : (
        <>
          <Table
            caption={q ? `Partners matching “${q}”` : 'Partners, newest first'}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            empty={q ? 'No partner matches this search.' : 'No partners yet.'}
          />
          <CursorPager pages={pages} next={list.data.next_cursor} count={list.data.count} />
        </>
      )}
    </div>
  );
}
