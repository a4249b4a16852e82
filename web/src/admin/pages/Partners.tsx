import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { AdminPartner } from '../../api/client';
import { Banner, Button, type Column, CursorPager, DateTime, Field, formatInteger, formatMonth, formatUsd, QueryView, Table, useCursorPages } from '../../shared';
import { usePartners } from '../api/partners';
import { useTitle } from '../title';

const PAGE = 50;

type SortKey = 'company' | 'tier' | 'access' | 'created' | 'calls' | 'users' | 'bill' | 'sandbox';

const VALUE: Record<SortKey, (r: AdminPartner) => string | number> = {
  company: (r) => r.company_name.toLowerCase(),
  tier: (r) => r.tier,
  // Suspended first, then sandbox only, then production.
  access: (r) => (r.active ? 2 : 0) + (r.production_enabled ? 1 : 0),
  created: (r) => r.created_at,
  calls: (r) => r.this_month.production.calls,
  users: (r) => r.this_month.production.unique_end_users,
  bill: (r) => r.this_month.production.estimated_bill_usd ?? 0,
  sandbox: (r) => r.this_month.sandbox.calls,
};

/** Suspension and production access in words: two separate settings of a partner, one per line. */
function Access({ partner }: { partner: AdminPartner }) {
  return (
    <>
      {partner.active ? 'Active' : 'Suspended'}
      <span className="cell-note">{partner.production_enabled ? 'Production' : 'Sandbox only'}</span>
    </>
  );
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

  const list = usePartners({ q, cursor: cursor ?? null }, PAGE);

  const rows = useMemo<AdminPartner[]>(() => {
    const v = VALUE[sort.key];
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...(list.data?.items ?? [])].sort((a, b) => (v(a) < v(b) ? -sign : v(a) > v(b) ? sign : 0));
  }, [list.data, sort]);
  const month = list.data?.items[0]?.this_month.month;

  const onSort = (key: SortKey) => setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }));
  const h = (label: string, k: SortKey) => <SortHeader label={label} k={k} sort={sort} onSort={onSort} />;
  const columns: Column<AdminPartner>[] = [
    {
      header: h('Company', 'company'),
      cell: (r) => (
        <>
          <Link to={`/partners/${encodeURIComponent(r.id)}`}>{r.company_name}</Link>
          <span className="cell-note">{r.email}</span>
        </>
      ),
    },
    { header: h('Tier', 'tier'), cell: (r) => r.tier },
    { header: h('Access', 'access'), cell: (r) => <Access partner={r} /> },
    {
      header: h('Created', 'created'),
      cell: (r) => (
        <span className="cell-nowrap">
          <DateTime value={r.created_at} dateOnly />
        </span>
      ),
    },
    { header: h('Calls', 'calls'), cell: (r) => formatInteger(r.this_month.production.calls), numeric: true },
    { header: h('End-users', 'users'), cell: (r) => formatInteger(r.this_month.production.unique_end_users), numeric: true },
    { header: h('Est. bill', 'bill'), cell: (r) => formatUsd(r.this_month.production.estimated_bill_usd ?? 0), numeric: true },
    { header: h('Sandbox calls', 'sandbox'), cell: (r) => formatInteger(r.this_month.sandbox.calls), numeric: true },
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
      <QueryView query={list} failed="The partners could not be loaded">
        {(data) => (
          <>
            <p className="muted">
              Calls, end-users and estimated bill: production, {month ? formatMonth(month) : 'this month'} so far (UTC), as each partner’s usage page shows them.
            </p>
            <Table
              caption={q ? `Partners matching “${q}”` : 'Partners, newest first'}
              columns={columns}
              rows={rows}
              rowKey={(r) => r.id}
              empty={q ? 'No partner matches this search.' : 'No partners yet.'}
            />
            <CursorPager pages={pages} next={data.next_cursor} count={data.count} />
          </>
        )}
      </QueryView>
    </div>
  );
}
