import { useState } from 'react';
import type { MailOutboxItem } from '../../api/client';
import { Banner, Button, CursorPager, DateTime, Dialog, QueryView, SelectField, Table, useCursorPages, useSearchParam } from '../../shared';
import { useMailOutbox, type MailStatus as Status } from '../api/mail';
import { useTitle } from '../title';

const PAGE = 50;
const STATUS_LABEL: Record<Status, string> = { outbox: 'Kept', failed: 'Refused by SMTP' };

function statusLabel(s: string): string {
  return s in STATUS_LABEL ? STATUS_LABEL[s as Status] : s;
}

/** One message: its envelope and its text body (the HTML part is not rendered: it would run in the console's page). */
function Message({ mail, onClose }: { mail: MailOutboxItem; onClose: () => void }) {
  return (
    <Dialog
      open
      title={mail.subject}
      onClose={onClose}
      actions={
        <Button variant="primary" onClick={onClose} autoFocus>
          Close
        </Button>
      }
    >
      <dl className="details">
        <dt>To</dt>
        <dd>{mail.to}</dd>
        <dt>Kind</dt>
        <dd>
          <code>{mail.kind}</code>
        </dd>
        <dt>Created</dt>
        <dd>
          <DateTime value={mail.created_at} />
        </dd>
        <dt>Status</dt>
        <dd>{statusLabel(mail.status)}</dd>
        {mail.error ? (
          <>
            <dt>Error</dt>
            <dd>{mail.error}</dd>
          </>
        ) : null}
      </dl>
      <pre className="mail-body" data-testid="mail-body">
        {mail.text}
      </pre>
      {mail.html ? <p className="muted">The message also has an HTML part, not shown here.</p> : null}
    </Dialog>
  );
}

export function Mail() {
  useTitle('Mail');
  const statusParam = useSearchParam('status');
  const statusOf = (raw: string | null): Status | null => (raw === 'outbox' || raw === 'failed' ? raw : null);
  const status = statusOf(statusParam.value);
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const [open, setOpen] = useState<MailOutboxItem | null>(null);
  const list = useMailOutbox(status, cursor, PAGE);
  return (
    <div className="page">
      <div className="page-head">
        <h1>Mail</h1>
        <Button onClick={() => void list.refetch()} busy={list.isFetching && !list.isPending}>
          Refresh
        </Button>
      </div>
      {list.data ? (
        list.data.transport === 'smtp' ? (
          <p className="lede">Mail is sent through the SMTP server. Here are the messages it refused, kept by the service.</p>
        ) : (
          <Banner tone="info" title="No SMTP server is configured">
            The service keeps every message here instead of sending it (set <code>SMTP_URL</code> to send mail).
          </Banner>
        )
      ) : null}
      <div className="toolbar">
        <SelectField
          label="Status"
          id="mail-status"
          value={statusOf(statusParam.shown) ?? ''}
          onChange={(e) => {
            pages.reset();
            statusParam.set(e.target.value || null);
          }}
        >
          <option value="">All</option>
          <option value="outbox">{STATUS_LABEL.outbox}</option>
          <option value="failed">{STATUS_LABEL.failed}</option>
        </SelectField>
      </div>
      <QueryView query={list} failed="The mail could not be loaded">
        {(data) => (
          <>
            <Table<MailOutboxItem>
              caption="Mail kept by the service, newest first"
              hideCaption
              rows={data.items}
              rowKey={(m) => m.id}
              empty={status ? 'No mail with this status.' : 'No mail kept yet.'}
              columns={[
                { header: 'Created', cell: (m) => <DateTime value={m.created_at} /> },
                { header: 'To', cell: (m) => m.to },
                { header: 'Subject', cell: (m) => m.subject },
                { header: 'Kind', cell: (m) => <code>{m.kind}</code> },
                { header: 'Status', cell: (m) => <span className={m.status === 'failed' ? 'status status-failed' : 'status status-pending'}>{statusLabel(m.status)}</span> },
                {
                  header: <span className="visually-hidden">Actions</span>,
                  cell: (m) => (
                    <Button onClick={() => setOpen(m)} aria-label={`Show the message “${m.subject}” to ${m.to}`}>
                      Show
                    </Button>
                  ),
                },
              ]}
            />
            <CursorPager pages={pages} next={data.next_cursor} count={data.count} />
          </>
        )}
      </QueryView>
      {open ? <Message key={open.id} mail={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
