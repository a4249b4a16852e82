import { useState, type FormEvent } from 'react';
import { isApiError, type IndexNowStatus, type IndexNowSubmission, type IndexNowSubmitResult } from '../../api/client';
import { Banner, Button, check, DateTime, errorText, Field, formatInteger, formErrors, QueryView, problemsOf, Table, useFieldProblems } from '../../shared';
import { useIndexNowStatus, useSubmitSitemap, useSubmitUrl } from '../api/indexnow';
import { useTitle } from '../title';

function plural(n: number, one: string, many: string): string {
  return `${formatInteger(n)} ${n === 1 ? one : many}`;
}

/** What a submission came to, in words: the endpoint's answer, or the server's error. */
function Outcome({ result, error }: { result: IndexNowSubmitResult | undefined; error: unknown }) {
  if (error) {
    // 503: IndexNow is not configured; 502: the endpoint refused or could not be reached (recorded below).
    return <Banner tone="error">{errorText(error)}</Banner>;
  }
  if (!result) return null;
  return (
    <Banner tone="success">
      {plural(result.submitted, 'URL', 'URLs')} submitted to {result.endpoint}: it answered {result.status_code ?? '—'}.
    </Banner>
  );
}

function Settings({ status }: { status: IndexNowStatus }) {
  return (
    <section className="card" aria-labelledby="state-h">
      <div className="card-head">
        <h2 id="state-h">State</h2>
        {status.configured ? <span className="status status-ok">On</span> : <span className="status status-pending">Off</span>}
      </div>
      {status.configured ? null : (
        <Banner tone="warning" title="IndexNow is not configured">
          Set <code>INDEXNOW_KEY</code> (8 to 128 letters, digits or -) on the server to submit URLs; until then a submission answers 503.
        </Banner>
      )}
      <dl className="details">
        <dt>Endpoint</dt>
        <dd>
          <code>{status.endpoint}</code>
        </dd>
        <dt>Host</dt>
        <dd>
          <code>{status.host}</code>
        </dd>
        <dt>Key file</dt>
        <dd>{status.key_location ? <a href={status.key_location}>{status.key_location}</a> : '—'}</dd>
        <dt>URLs in the sitemap</dt>
        <dd>{formatInteger(status.sitemap_urls)}</dd>
        <dt>Submissions</dt>
        <dd>
          {formatInteger(status.submissions)} ({plural(status.urls_submitted, 'URL', 'URLs')})
        </dd>
        <dt>Last submission</dt>
        <dd>
          {status.last_submission ? (
            <>
              <DateTime value={status.last_submission.at} /> · {status.last_submission.ok ? 'accepted' : 'failed'}
            </>
          ) : (
            'None yet'
          )}
        </dd>
      </dl>
    </section>
  );
}

function Submit({ status }: { status: IndexNowStatus }) {
  const [url, setUrl] = useState('');
  const one = useSubmitUrl();
  const sitemap = useSubmitSitemap();
  // A URL the server refuses (422) is said at the field: the item's name is its index in `urls`.
  const fieldError = isApiError(one.error, 422) ? formErrors(one.error, ['0', 'urls']) : null;
  const { problems, passes } = useFieldProblems();
  const urlError = problems.url ?? (fieldError ? (fieldError.field('0') ?? fieldError.field('urls')) : null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!status.configured) return;
    const full = /^https?:\/\/\S+$/i.test(url.trim()) ? null : `Enter a full address of this site, like https://${status.host}/blog`;
    if (!passes(e.currentTarget, problemsOf({ url: [check.filled(url, 'Enter the address of a page of this site'), full] }))) return;
    sitemap.reset();
    one.mutate(url.trim());
  };
  return (
    <section className="card" aria-labelledby="submit-h">
      <div className="card-head">
        <h2 id="submit-h">Submit</h2>
      </div>
      {status.configured ? null : <p className="muted">Submitting needs IndexNow to be configured (above).</p>}
      <form className="toolbar" onSubmit={submit} noValidate aria-label="Submit URL">
        <Field
          label="URL"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={`${window.location.protocol}//${status.host}/`}
          hint={`An address of this site (${status.host}).`}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={urlError}
        />
        <Button type="submit" variant="primary" busy={one.isPending} disabled={!status.configured}>
          Submit URL
        </Button>
      </form>
      {one.isError && !urlError ? <Outcome result={undefined} error={one.error} /> : <Outcome result={one.data} error={null} />}
      <div className="indexnow-sitemap">
        <p className="muted">Every URL of /sitemap.xml ({plural(status.sitemap_urls, 'URL', 'URLs')}) in one submission.</p>
        <Button
          busy={sitemap.isPending}
          disabled={!status.configured}
          onClick={() => {
            one.reset();
            sitemap.mutate();
          }}
        >
          Submit sitemap
        </Button>
      </div>
      <Outcome result={sitemap.data} error={sitemap.error} />
    </section>
  );
}

export function IndexNow() {
  useTitle('IndexNow');
  const status = useIndexNowStatus();
  return (
    <div className="page">
      <div className="page-head">
        <h1>IndexNow</h1>
      </div>
      <p className="lede">Tells search engines which pages of the public site changed, through the IndexNow protocol. Each submission is recorded with its answer.</p>
      <QueryView query={status} failed="The IndexNow state could not be loaded">
        {(data) => (
          <>
            <Settings status={data} />
            <Submit status={data} />
            <section className="card" aria-labelledby="recent-h">
              <div className="card-head">
                <h2 id="recent-h">Recent submissions</h2>
              </div>
              <Table<IndexNowSubmission>
                caption="Recent IndexNow submissions, newest first"
                hideCaption
                rows={data.recent}
                rowKey={(s) => s.id}
                empty="No submissions yet."
                columns={[
                  { header: 'When', cell: (s) => <DateTime value={s.at} /> },
                  { header: 'URLs', cell: (s) => formatInteger(s.url_count), numeric: true },
                  { header: 'Answer', cell: (s) => (s.status_code ?? '—').toString() },
                  {
                    header: 'Outcome',
                    cell: (s) => (s.ok ? <span className="status status-ok">Accepted</span> : <span className="status status-failed">Failed</span>),
                  },
                  { header: 'Error', cell: (s) => s.error ?? '—' },
                  { header: 'Took', cell: (s) => `${formatInteger(s.duration_ms)} ms`, numeric: true },
                ]}
              />
            </section>
          </>
        )}
      </QueryView>
    </div>
  );
}
