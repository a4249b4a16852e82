/** The audit log's rows as the console shows them: on the Audit log page, and a partner's recent entries on its page. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '../api/client';
import { DateTime, Table, type Column } from '../shared';
import { useMe } from './session';

export const ACTOR_TYPES = ['admin', 'partner', 'member', 'server', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];
export const ACTOR_LABEL: Record<ActorType, string> = {
  admin: 'Administrator',
  partner: 'Partner',
  member: 'Partner member',
  server: 'Server',
  system: 'The service',
};

export function isActorType(s: string | null): s is ActorType {
  return (ACTOR_TYPES as readonly string[]).includes(s ?? '');
}

/** The filters, as the address holds them (so a filtered view can be linked to and reloaded). */
export interface AuditFilters {
  actor_type?: ActorType;
  actor_id?: string;
  action?: string;
  target_id?: string;
}
export const AUDIT_PARAM: Record<keyof AuditFilters, string> = { actor_type: 'actor_type', actor_id: 'actor', action: 'action', target_id: 'target' };

/** The Audit log page's address with the given filters. */
export function auditLogHref(f: AuditFilters): string {
  const p = new URLSearchParams();
  for (const k of Object.keys(AUDIT_PARAM) as (keyof AuditFilters)[]) {
    const v = f[k];
    if (v) p.set(AUDIT_PARAM[k], v);
  }
  const q = p.toString();
  return q ? `/audit-log?${q}` : '/audit-log';
}

/** A detail's value in a line: strings as they are, anything else as JSON. */
function detailText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function Details({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="audit-details">
      {entries.map(([k, v]) => (
        <li key={k}>
          <span className="audit-key">{k}</span> {detailText(v)}
        </li>
      ))}
    </ul>
  );
}

export interface AuditTableProps {
  caption: string;
  rows: AuditEntry[];
  empty: ReactNode;
  /** Links that narrow the Audit log page to a row's actor, action or target (its address with the filter set). */
  filterLink?: (filter: AuditFilters) => string;
  /** The partner whose page shows the rows: its target column is left out, and its own actions say so. */
  partnerId?: string;
}

export function AuditTable({ caption, rows, empty, filterLink, partnerId }: AuditTableProps) {
  const me = useMe();
  const filtered = (text: ReactNode, filter: Parameters<NonNullable<AuditTableProps['filterLink']>>[0], title: string) =>
    filterLink ? (
      <Link to={filterLink(filter)} title={title}>
        {text}
      </Link>
    ) : (
      text
    );
  const actor = (e: AuditEntry) => {
    const type = isActorType(e.actor_type) ? ACTOR_LABEL[e.actor_type] : e.actor_type;
    if (e.actor_type === 'admin' && e.actor_id === me.id) return <span title={e.actor_id}>You ({me.email})</span>;
    if (partnerId && e.actor_type === 'partner' && e.actor_id === partnerId) return <span title={e.actor_id}>The partner</span>;
    return (
      <>
        {type}
        {e.actor_id ? (
          <>
            {' '}
            {filtered(<code>{e.actor_id}</code>, { actor_id: e.actor_id }, 'Only the actions of this actor')}
          </>
        ) : null}
      </>
    );
  };
  const target = (e: AuditEntry) => {
    if (!e.target_type && !e.target_id) return <span className="muted">—</span>;
    return (
      <>
        {e.target_type ?? ''}
        {e.target_id ? (
          <>
            {' '}
            {filtered(<code>{e.target_id}</code>, { target_id: e.target_id }, 'Only the actions on this target')}
            {e.target_type === 'partner' ? (
              <>
                {' '}
                <Link to={`/partners/${encodeURIComponent(e.target_id)}`} className="audit-open">
                  Partner page
                </Link>
              </>
            ) : null}
          </>
        ) : null}
      </>
    );
  };
  const columns: Column<AuditEntry>[] = [
    {
      header: 'When',
      cell: (e) => (
        <span className="audit-when">
          <DateTime value={e.at} />
        </span>
      ),
    },
    { header: 'Actor', cell: actor },
    { header: 'Action', cell: (e) => filtered(<code>{e.action}</code>, { action: e.action }, 'Only this action') },
    ...(partnerId ? [] : [{ header: 'Target', cell: target }]),
    { header: 'Details', cell: (e) => <Details details={e.details} /> },
  ];
  return <Table<AuditEntry> caption={caption} hideCaption columns={columns} rows={rows} rowKey={(e) => e.id} empty={empty} />;
}
