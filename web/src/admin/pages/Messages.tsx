import type { ContactMessage } from '../../api/client';
import { Button, DateTime, formatInteger, QueryView, Table, useSearchParam } from '../../shared';
import { useContactMessages } from '../api/messages';
import { useTitle } from '../title';

const LIMIT = 200;

export function Messages() {
  useTitle('Messages');
  const spamParam = useSearchParam('spam');
  const spam = spamParam.value === '1';
  const list = useContactMessages(spam, LIMIT);
  return (
    <div className="page">
      <div className="page-head">
        <h1>Messages</h1>
        <Button onClick={() => void list.refetch()} busy={list.isFetching && !list.isPending}>
          Refresh
        </Button>
      </div>
      <p className="lede">What visitors sent through the contact form, newest first. A message that filled the form’s hidden trap field is kept as spam.</p>
      <div className="toolbar">
        <label className="check">
          <input
            type="checkbox"
            checked={spamParam.shown === '1'}
            onChange={(e) => spamParam.set(e.target.checked ? '1' : null)}
          />
          Show spam
        </label>
      </div>
      <QueryView query={list} failed="The messages could not be loaded">
        {(data) => (
          <>
            <Table<ContactMessage>
              caption={spam ? 'Contact-form messages, spam included, newest first' : 'Contact-form messages, newest first'}
              hideCaption
              rows={data.items}
              rowKey={(m) => m.id}
              empty={spam ? 'No messages.' : 'No messages (spam is hidden).'}
              columns={[
                {
                  header: 'Received',
                  cell: (m) => (
                    <>
                      <DateTime value={m.created_at} /> {m.spam ? <span className="status status-failed">Spam</span> : null}
                    </>
                  ),
                },
                {
                  header: 'From',
                  cell: (m) => (
                    <>
                      {m.name}
                      <br />
                      <span className="muted">{m.email}</span>
                    </>
                  ),
                },
                { header: 'Company', cell: (m) => m.company ?? '—' },
                { header: 'Topic', cell: (m) => m.topic },
                { header: 'Message', cell: (m) => <p className="message-text">{m.message}</p> },
                { header: 'Team notified', cell: (m) => (m.notified ? 'Yes' : 'No') },
              ]}
            />
            {data.count >= LIMIT ? <p className="muted">The newest {formatInteger(LIMIT)} messages are shown.</p> : null}
          </>
        )}
      </QueryView>
    </div>
  );
}
