import { Banner, Button, CopyButton, errorText } from '../../shared';
import { useRevealIngestSecret } from '../api/ingest-secret';
import { useTitle } from '../title';

/** The operations the platform ingest secret opens (src/routes/platform/). */
const OPERATIONS: { method: string; path: string; what: string }[] = [
  { method: 'POST', path: '/api/ingest/event', what: 'Record one usage event, of any partner' },
  { method: 'POST', path: '/api/ingest/events/batch', what: 'Record 1 to 500 usage events, all or nothing' },
  { method: 'GET', path: '/api/ingest/ping', what: 'Check the connection and the secret' },
  { method: 'POST', path: '/api/v1/admin/keys/sync', what: 'Store a key in a partner’s slot, creating the partner when none matches' },
  { method: 'POST', path: '/api/v1/admin/keys/bulk-sync', what: '1 to 500 key syncs, all or nothing' },
  { method: 'DELETE', path: '/api/v1/admin/keys/{key_value}', what: 'Remove a key, by its value, from the partner that holds it' },
  { method: 'PUT', path: '/api/v1/admin/partners/by-email/{email}', what: 'Update a partner’s company and contact names, found by email' },
];

export function IngestSecret() {
  useTitle('Ingest secret');
  // Asked for only on Reveal (each read is recorded in the audit log), and kept in this page alone:
  // Hide or leaving the page forgets it.
  const reveal = useRevealIngestSecret();
  const shown = reveal.data;
  return (
    <div className="page">
      <div className="page-head">
        <h1>Ingest secret</h1>
      </div>
      <p className="lede">
        The platform’s own secret (<code>INGEST_SECRET</code>), for its servers’ calls to the service. It is not a partner’s ingest secret: each partner has
        its own, sent with its API key.
      </p>
      <section className="card" aria-labelledby="secret-h">
        <div className="card-head">
          <h2 id="secret-h">Platform ingest secret</h2>
        </div>
        {reveal.isError ? (
          <Banner tone="error" title="The secret could not be read">
            {errorText(reveal.error)}
          </Banner>
        ) : null}
        {shown && !shown.configured ? (
          <Banner tone="warning" title="No ingest secret is configured">
            Set <code>INGEST_SECRET</code> (at least 16 characters) on the server: until then the operations below answer 503.
          </Banner>
        ) : (
          <>
            <div className="key-value">
              {shown?.ingest_secret ? (
                <code data-testid="ingest-secret">{shown.ingest_secret}</code>
              ) : (
                <>
                  <span className="visually-hidden">Hidden</span>
                  <code aria-hidden="true">••••••••••••••••••••••••</code>
                </>
              )}
            </div>
            <div className="actions code-actions">
              {shown?.ingest_secret ? (
                <>
                  <CopyButton text={shown.ingest_secret} what="Secret" />
                  <Button variant="quiet" onClick={() => reveal.reset()}>
                    Hide
                  </Button>
                </>
              ) : (
                <Button variant="primary" busy={reveal.isPending} onClick={() => reveal.mutate()}>
                  Reveal
                </Button>
              )}
            </div>
            <p className="muted">Each reveal is recorded in the audit log. Anyone holding the secret can record usage for any partner and change partners’ keys.</p>
          </>
        )}
      </section>
      <section className="card" aria-labelledby="used-h">
        <div className="card-head">
          <h2 id="used-h">Where it is used</h2>
        </div>
        <p>
          Send it in the <code>{shown?.header_name ?? 'X-Service-Ingest-Secret'}</code> header, or as <code>Authorization: Bearer &lt;secret&gt;</code>, on these operations:
        </p>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Operations that take the platform ingest secret</caption>
            <thead>
              <tr>
                <th scope="col">Operation</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {OPERATIONS.map((o) => (
                <tr key={`${o.method} ${o.path}`}>
                  <td>
                    <code>
                      {o.method} {o.path}
                    </code>
                  </td>
                  <td>{o.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="code-block">
          <pre>{`curl ${window.location.origin}/api/ingest/ping \\\n  -H '${shown?.header_name ?? 'X-Service-Ingest-Secret'}: ${shown?.ingest_secret ? shown.ingest_secret : '<secret>'}'`}</pre>
        </div>
        <p className="muted">
          A partner’s own calls (<code>/api/v1/ingest*</code>, <code>/api/v1/webhooks*</code>) take its API key and its own ingest secret, never this one. The API reference
          lists every operation: <a href="/api/docs">API reference</a>.
        </p>
      </section>
    </div>
  );
}
