/** A partner's page: the Requests section (its partner-API requests, newest first, by environment and status). */
import { useState } from 'react';
import type { AdminPartner, Environment, RequestLogEntry } from '../api/client';
import { Button, CursorPager, LoadFailed, RequestDetails, RequestTable, SelectField, useCursorPages } from '../shared';
import { usePartnerRequests } from './api/requests';
import { ENV_LABEL } from './UsageParts';

const STATUSES: [string, string][] = [
  ['', 'Any status'],
  ['2xx', '2xx'],
  ['4xx', '4xx'],
  ['5xx', '5xx'],
];

function Rows({ partner, env, status }: { partner: AdminPartner; env: Environment; status: string }) {
  const pages = useCursorPages();
  const list = usePartnerRequests(partner.id, env, status || null, pages.cursor);
  const [open, setOpen] = useState<RequestLogEntry | null>(null);
  if (list.isError) return <LoadFailed title="The requests could not be loaded" query={list} />;
  if (list.isPending)
    return (
      <p className="muted" aria-busy="true">
        Loading requests…
      </p>
    );
  return (
    <>
      {open ? (
        <div className="stack">
          <RequestDetails request={open} />
          <Button onClick={() => setOpen(null)}>Close details</Button>
        </div>
      ) : null}
      <RequestTable
        caption={`${ENV_LABEL[env]} requests of ${partner.company_name}, newest first`}
        rows={list.data.items}
        empty={`No ${ENV_LABEL[env].toLowerCase()} requests${status ? ` with status ${status}` : ''} in the retention window.`}
        detailLink={(r) => (
          <Button variant="quiet" onClick={() => setOpen(r)}>
            <code>{r.request_id}</code>
          </Button>
        )}
      />
      <CursorPager pages={pages} next={list.data.next_cursor} count={list.data.items.length} />
    </>
  );
}

export function PartnerRequestsCard({ partner }: { partner: AdminPartner }) {
  const [env, setEnv] = useState<Environment>('live');
  const [status, setStatus] = useState('');
  return (
    <section className="card" aria-labelledby="requests-h">
      <div className="card-head">
        <h2 id="requests-h">Requests</h2>
      </div>
      <div className="toolbar">
        <SelectField label="Environment" id="requests-env" value={env} onChange={(e) => setEnv(e.target.value === 'test' ? 'test' : 'live')}>
          <option value="live">{ENV_LABEL.live}</option>
          <option value="test">{ENV_LABEL.test}</option>
        </SelectField>
        <SelectField label="Status" id="requests-status" value={status} onChange={(e) => setStatus(e.target.value)}>
          {STATUSES.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <Rows key={`${env} ${status}`} partner={partner} env={env} status={status} />
    </section>
  );
}
