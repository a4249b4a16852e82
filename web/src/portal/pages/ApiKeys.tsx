import { useState, type FormEvent } from 'react';
import type { ApiKey, Environment } from '../../api/client';
import { Banner, Button, check, ConfirmDialog, CopyButton, DateTime, Dialog, Field, formErrors, OverlapChoice, problemsOf, ShownOnce, useFieldProblems, useTitle } from '../../shared';
import { useApiKeys, useClearKey, useExpirePreviousKey, usePasteKey, useRefreshKeys, useRotateIngestSecret, useRotateKey } from '../api/keys';
import { allowedTo, neededFor, useMayCall, useRole } from '../permissions';
import { ENV_LABEL, KEY_LABEL, useEnvironment } from '../session';

type Pending = 'rotate' | 'clear' | 'replace' | 'expire' | null;

function KeySlot({ env, slot }: { env: Environment; slot: ApiKey | undefined }) {
  const [revealed, setRevealed] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [pasting, setPasting] = useState(false);
  const [newKey, setNewKey] = useState('');
  const [rotated, setRotated] = useState<ApiKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [overlap, setOverlap] = useState(0);
  const name = KEY_LABEL[env].toLowerCase();
  const headingId = `slot-${env}`;
  // The other environment's slot in a session opened with a key: its value is never sent, only the mask.
  const valueKnown = !!slot && slot.key !== slot.masked;

  // Refreshed only once the new key has been seen: a session opened with the old key may end with it.
  const refresh = useRefreshKeys();

  const rotate = useRotateKey(env, {
    onSuccess: (k) => {
      setPending(null);
      setRevealed(false);
      setRotated(k);
    },
  });
  const expire = useExpirePreviousKey(env, {
    onSuccess: () => {
      setPending(null);
      setNotice(`The previous ${name} was expired: only the current key works now.`);
    },
  });
  const clear = useClearKey(env, {
    onSuccess: () => {
      setPending(null);
      setRevealed(false);
      setNotice(`The ${name} was cleared: it no longer works. Paste a key or generate one to fill the slot.`);
    },
  });
  const paste = usePasteKey(env, {
    onSuccess: () => {
      setPending(null);
      setPasting(false);
      setNewKey('');
      setRevealed(false);
      setNotice(`The ${name} was saved: it works from now on${slot ? ', and the previous key no longer does' : ''}.`);
    },
    onError: () => setPending(null),
  });
  const { problems, passes } = useFieldProblems();
  const pasteErrors = formErrors(paste.error, ['key'], { 409: 'key' }, problems);

  const savePaste = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setNotice(null);
    const found = problemsOf({ key: [check.filled(newKey, `Paste the new ${name}`), check.atLeast(newKey, 8, 'A key has at least 8 characters: paste the whole key')] });
    if (!passes(e.currentTarget, found)) return;
    // Replacing a working key is not undone: ask first. A blank slot has nothing to lose.
    if (slot) setPending('replace');
    else paste.mutate(newKey.trim());
  };

  return (
    <section className="card key-slot" aria-labelledby={headingId}>
      <div className="card-head">
        <h2 id={headingId}>{KEY_LABEL[env]}</h2>
        <span className={`env-badge env-badge-${env}`}>{ENV_LABEL[env]}</span>
      </div>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {slot ? (
        <>
          <div className="key-value">
            <code data-testid={`key-${env}`} aria-label={revealed ? `${KEY_LABEL[env]}, shown in full` : `${KEY_LABEL[env]}, masked`}>
              {revealed && valueKnown ? slot.key : slot.masked}
            </code>
          </div>
          <dl className="key-meta">
            <div>
              <dt>Created</dt>
              <dd>
                <DateTime value={slot.created_at} />
              </dd>
            </div>
            <div>
              <dt>Last rotated</dt>
              <dd>{slot.last_rotated_at ? <DateTime value={slot.last_rotated_at} /> : 'Never'}</dd>
            </div>
            {slot.previous_expires_at ? (
              <div data-testid={`previous-${env}`}>
                <dt>Previous key works until</dt>
                <dd>
                  <DateTime value={slot.previous_expires_at} />
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="actions">
            {valueKnown ? (
              <>
                <Button onClick={() => setRevealed(!revealed)} aria-pressed={revealed}>
                  {revealed ? 'Hide' : 'Reveal'}
                </Button>
                <CopyButton text={slot.key} what="Key" />
              </>
            ) : null}
            <Button onClick={() => (setNotice(null), rotate.reset(), setOverlap(0), setPending('rotate'))}>Rotate</Button>
            {slot.previous_expires_at ? <Button onClick={() => (setNotice(null), expire.reset(), setPending('expire'))}>Expire previous key now</Button> : null}
            <Button variant="danger" onClick={() => (setNotice(null), clear.reset(), setPending('clear'))}>
              Clear
            </Button>
            {!pasting ? <Button onClick={() => (setNotice(null), paste.reset(), setPasting(true))}>Paste a key</Button> : null}
          </div>
        </>
      ) : (
        <>
          <p className="empty" data-testid={`blank-${env}`}>
            No key in this slot. Calls need a {name}: paste one you already use, or generate a new one.
          </p>
          <div className="actions">
            {!pasting ? (
              <Button variant="primary" onClick={() => (setNotice(null), paste.reset(), setPasting(true))}>
                Paste a key
              </Button>
            ) : null}
            <Button onClick={() => (setNotice(null), rotate.reset(), rotate.mutate(0))} busy={rotate.isPending && pending === null}>
              Generate a key
            </Button>
          </div>
          {rotate.isError && pending === null ? <Banner tone="error">{rotate.error.message}</Banner> : null}
        </>
      )}

      {pasting ? (
        <form className="form paste-form" onSubmit={savePaste} noValidate>
          {pasteErrors.form ? <Banner tone="error">{pasteErrors.form}</Banner> : null}
          <Field
            label="New key"
            name="key"
            autoComplete="off"
            spellCheck={false}
            hint={`8 to 200 characters. A key that starts with ${env === 'test' ? 'svc_live_' : 'svc_test_'} belongs to the other slot.`}
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
            error={pasteErrors.field('key')}
          />
          <div className="actions">
            <Button type="submit" variant="primary" busy={paste.isPending}>
              Save key
            </Button>
            <Button onClick={() => (setPasting(false), setNewKey(''), paste.reset())} disabled={paste.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      <ConfirmDialog
        open={pending === 'rotate'}
        title={`Rotate the ${name}?`}
        confirmLabel="Rotate key"
        danger
        busy={rotate.isPending}
        error={rotate.isError ? rotate.error.message : null}
        onConfirm={() => rotate.mutate(overlap)}
        onCancel={() => setPending(null)}
      >
        <p>
          A new key replaces the current one. Without an overlap the current key stops working at once: every server that uses it gets 401 until it has the new
          key. With one, both keys work until it ends, so your servers can switch over.
        </p>
        <OverlapChoice id={`overlap-${env}`} label="Keep the current key working for" noneLabel="No time: it stops at once" value={overlap} onChange={setOverlap} />
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'expire'}
        title={`Expire the previous ${name} now?`}
        confirmLabel="Expire now"
        danger
        busy={expire.isPending}
        error={expire.isError ? expire.error.message : null}
        onConfirm={() => expire.mutate()}
        onCancel={() => setPending(null)}
      >
        <p>
          The key the last rotation replaced stops working at once instead of{' '}
          {slot?.previous_expires_at ? (
            <>
              at <DateTime value={slot.previous_expires_at} />
            </>
          ) : (
            'at the end of its overlap'
          )}
          , and the portal sessions opened with it end. Only the current key works afterwards.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'clear'}
        title={`Clear the ${name}?`}
        confirmLabel="Clear key"
        danger
        busy={clear.isPending}
        error={clear.isError ? clear.error.message : null}
        onConfirm={() => clear.mutate()}
        onCancel={() => setPending(null)}
      >
        <p>The key stops working at once and the slot stays blank until you paste or generate a key.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'replace'}
        title={`Replace the ${name}?`}
        confirmLabel="Replace key"
        danger
        busy={paste.isPending}
        onConfirm={() => paste.mutate(newKey.trim())}
        onCancel={() => setPending(null)}
      >
        <p>The key you pasted replaces the current one, which stops working at once.</p>
      </ConfirmDialog>
      <Dialog
        open={rotated !== null}
        title={`Your new ${name}`}
        onClose={() => {
          setRotated(null);
          refresh();
        }}
        actions={
          <Button
            variant="primary"
            onClick={() => {
              setRotated(null);
              refresh();
            }}
          >
            Done
          </Button>
        }
      >
        {rotated ? (
          <>
            <p>
              Store it now on your servers.{' '}
              {rotated.previous_expires_at ? (
                <>
                  The previous key keeps working until <DateTime value={rotated.previous_expires_at} />.
                </>
              ) : (
                'The previous key no longer works.'
              )}
            </p>
            <ShownOnce value={rotated.key} what="Key" testId="new-key" />
          </>
        ) : null}
      </Dialog>
    </section>
  );
}

/** The ingest secret never reaches a browser: the page rotates it, the partner's servers read the new one. */
/** A role that may not read keys (a viewer) sees the slot's controls disabled, with the role they need. */
function KeySlotClosed({ env }: { env: Environment }) {
  const role = useRole();
  const dev = allowedTo(role, 'GET /api/partners/me/api-keys');
  const headingId = `slot-${env}`;
  return (
    <section className="card key-slot" aria-labelledby={headingId}>
      <div className="card-head">
        <h2 id={headingId}>{KEY_LABEL[env]}</h2>
        <span className={`env-badge env-badge-${env}`}>{ENV_LABEL[env]}</span>
      </div>
      <p className="muted" data-testid="key-role-hint">
        You are signed in as a {role}: seeing or changing the keys needs the {neededFor('GET /api/partners/me/api-keys')} role.
      </p>
      <div className="actions">
        <Button {...dev}>Reveal</Button>
        <Button {...allowedTo(role, 'POST /api/partners/me/api-keys/{environment}/rotate')}>Rotate</Button>
        <Button variant="danger" {...allowedTo(role, 'DELETE /api/v1/keys/{environment}')}>
          Clear
        </Button>
        <Button {...allowedTo(role, 'PUT /api/partners/me/api-keys/{environment}')}>Paste a key</Button>
      </div>
    </section>
  );
}

function IngestSecret() {
  const { locked } = useEnvironment();
  const role = useRole();
  const [asking, setAsking] = useState(false);
  const [grace, setGrace] = useState('0');
  const rotate = useRotateIngestSecret({ onSuccess: () => setAsking(false) });
  return (
    <section className="card" aria-labelledby="ingest-title">
      <h2 id="ingest-title">Ingest secret</h2>
      <p>
        Ingesting calculations and erasing end-users need your key and your ingest secret (the <code>X-Service-Ingest-Secret</code> header). The secret is never shown
        here: your servers read it with <code>GET /api/v1/secrets</code> and your API key.
      </p>
      {rotate.isSuccess ? (
        <Banner tone="success" title="The ingest secret was rotated">
          Your servers read the new one with GET /api/v1/secrets.{' '}
          {rotate.data.previous_valid_until ? (
            <>
              The previous secret works until <DateTime value={rotate.data.previous_valid_until} />.
            </>
          ) : (
            'The previous secret no longer works.'
          )}
        </Banner>
      ) : null}
      <div className="actions">
        <Button
          onClick={() => (rotate.reset(), setAsking(true))}
          {...(locked
            ? { disabled: true, title: 'A session opened with an API key cannot rotate the ingest secret: sign in with your email and password' }
            : allowedTo(role, 'POST /api/partners/me/ingest-secret/rotate'))}
        >
          Rotate ingest secret
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Rotate the ingest secret?"
        confirmLabel="Rotate ingest secret"
        danger
        busy={rotate.isPending}
        error={rotate.isError ? rotate.error.message : null}
        onConfirm={() => rotate.mutate(Number(grace))}
        onCancel={() => setAsking(false)}
      >
        <p>A new secret replaces the current one. Your servers must read it with GET /api/v1/secrets before their next ingest call.</p>
        <label className="field-label" htmlFor="grace-hours">
          Keep the previous secret working for
        </label>
        <select id="grace-hours" className="field-control" value={grace} onChange={(e) => setGrace(e.target.value)}>
          <option value="0">No time: it stops at once</option>
          <option value="1">1 hour</option>
          <option value="24">24 hours</option>
        </select>
      </ConfirmDialog>
    </section>
  );
}

export function ApiKeys() {
  useTitle('API keys');
  const { env } = useEnvironment();
  const mayReadKeys = useMayCall('GET /api/partners/me/api-keys');
  const keys = useApiKeys(mayReadKeys);
  return (
    <div className="page">
      <div className="page-head">
        <h1>API keys</h1>
      </div>
      <p className="lede">
        Your servers send a key in the <code>X-API-Key</code> header of every call. Keep keys on your servers: never in an app, a web page or a repository.
      </p>
      {!mayReadKeys ? (
        <KeySlotClosed key={env} env={env} />
      ) : keys.isPending ? (
        <section className="card" aria-busy="true">
          <p className="muted">Loading your keys…</p>
        </section>
      ) : keys.isError ? (
        <Banner tone="error" title="Your keys could not be loaded" action={<Button onClick={() => void keys.refetch()}>Try again</Button>}>
          {keys.error.message}
        </Banner>
      ) : (
        <KeySlot key={env} env={env} slot={keys.data.find((k) => k.environment === env)} />
      )}
      <IngestSecret />
    </div>
  );
}
