/** The request log's rows and one request's details: the portal's Logs page and a partner's page in the console. */
import type { ReactNode } from 'react';
import type { RequestLogEntry } from '../api/client';
import { DateTime } from './DateTime';
import { Table } from './Table';

function durationText(ms: number): string {
  return ms < 1 ? `${Math.round(ms * 1000)} µs` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

export function StatusCode({ status }: { status: number }) {
  return <span className={`status-pill ${status >= 500 ? 'status-failed' : status >= 400 ? 'status-warning' : 'status-delivered'}`}>{status}</span>;
}

export interface RequestTableProps {
  caption: string;
  rows: RequestLogEntry[];
  empty: ReactNode;
  /** The request id as a link to its details (the page decides where). */
  detailLink?: (row: RequestLogEntry) => ReactNode;
}

export function RequestTable({ caption, rows, empty, detailLink }: RequestTableProps) {
  return (
    <Table
      caption={caption}
      rows={rows}
      rowKey={(r) => `${r.request_id} ${r.at}`}
      empty={empty}
      columns={[
        { header: 'Time', cell: (r) => <DateTime value={r.at} /> },
        { header: 'Status', cell: (r) => <StatusCode status={r.status} /> },
        {
          header: 'Request',
          cell: (r) => (
            <span className="request-line">
              <span className="request-method">{r.method}</span> <code>{r.path}</code>
            </span>
          ),
        },
        { header: 'Error', cell: (r) => (r.error_code ? <code>{r.error_code}</code> : <span className="muted">—</span>) },
        { header: 'Duration', cell: (r) => durationText(r.duration_ms), numeric: true },
        { header: 'Request id', cell: (r) => (detailLink ? detailLink(r) : <code>{r.request_id}</code>) },
      ]}
    />
  );
}

/** Every field of one request, as a list of terms. */
export function RequestDetails({ request }: { request: RequestLogEntry }) {
  const rows: [string, ReactNode][] = [
    ['Request id', <code key="id">{request.request_id}</code>],
    ['Time', <DateTime key="at" value={request.at} />],
    ['Status', <StatusCode key="st" status={request.status} />],
    ['Method', request.method],
    ['Route', <code key="route">{request.route}</code>],
    ['Path', <code key="path">{request.path}</code>],
    ['Error code', request.error_code ? <code key="code">{request.error_code}</code> : '—'],
    ['Error detail', request.error_detail ?? '—'],
    ['Duration', durationText(request.duration_ms)],
    ['Environment', request.environment === 'live' ? 'Live' : 'Test'],
    ['Sent with', request.credential === 'session' ? 'The portal (signed in)' : request.key_id ? `API key slot ${request.key_id}` : 'API key'],
    ['Client address', request.client_ip ?? '—'],
    ['User agent', request.user_agent ?? '—'],
  ];
  return (
    <dl className="request-details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
