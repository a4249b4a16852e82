/**
 * The Passkeys card of both Account pages (a member's, an administrator's) and the administrator's enrolment: add a
 * passkey (the browser's own prompt), the list with name, created and last used, rename, and remove with the
 * password. Each entry brings its own calls (shared/api/passkeys.ts's `PasskeyCalls`).
 */
import { useState, type FormEvent } from 'react';
import { isApiError } from '../api/client';
import { passkeysSupported, useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey, type Passkey, type PasskeyCalls } from './api/passkeys';
import { Banner } from './Banner';
import { Button } from './Button';
import { DateTime } from './DateTime';
import { Dialog } from './Dialog';
import { Field } from './Field';
import { errorText } from './forms';
import { LoadFailed } from './LoadFailed';
import { Table, type Column } from './Table';

/** What went wrong with a passkey, in words: the browser's refusals (prompt closed, timed out) as well as the service's. */
export function passkeyErrorText(err: unknown): string {
  if (isApiError(err)) return errorText(err);
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError') return 'The passkey prompt was closed or timed out: try again.';
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'This browser cannot use a passkey here.';
  return errorText(err);
}

function RenameDialog({ calls, target, onClose }: { calls: PasskeyCalls; target: Passkey | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const rename = useRenamePasskey(calls, { onSuccess: onClose });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (target && name.trim() !== '') rename.mutate({ id: target.id, name: name.trim() });
  };
  return (
    <Dialog open={target !== null} title="Rename passkey" onClose={onClose}>
      <form className="form" noValidate onSubmit={submit} aria-label="Rename passkey">
        {rename.isError ? <Banner tone="error">{passkeyErrorText(rename.error)}</Banner> : null}
        <Field label="Name" name="passkey_name" maxLength={64} value={name} placeholder={target?.name} onChange={(e) => setName(e.target.value)} autoFocus />
        <div className="actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={rename.isPending} disabled={name.trim() === ''}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveDialog({ calls, target, onClose, onDone }: { calls: PasskeyCalls; target: Passkey | null; onClose: () => void; onDone: (stillOn: boolean) => void }) {
  const [password, setPassword] = useState('');
  const remove = useRemovePasskey(calls, {
    onSuccess: (r) => {
      setPassword('');
      onDone(r.mfa_enabled);
    },
  });
  return (
    <Dialog open={target !== null} title={`Remove the passkey "${target?.name ?? ''}"?`} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (target && password !== '') remove.mutate({ id: target.id, body: { password } });
        }}
      >
        <p>It will no longer sign you in. Enter your password to confirm.</p>
        {remove.isError ? <Banner tone="error">{passkeyErrorText(remove.error)}</Banner> : null}
        <Field label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="actions">
          <Button onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending} disabled={password === ''}>
            Remove
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** `required`: shown on an enrolment page (a passkey lifts the hold too); `onAdded`: a passkey was added (such a page may open). */
export function PasskeysCard({ calls, required = false, onAdded }: { calls: PasskeyCalls; required?: boolean; onAdded?: () => void }) {
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const list = usePasskeys(calls);
  const add = useAddPasskey(calls, {
    onSuccess: (p) => {
      setName('');
      setNotice(`Passkey "${p.name}" added: use it to sign in, with or without your password.`);
      onAdded?.();
    },
  });
  const supported = passkeysSupported();
  const columns: Column<Passkey>[] = [
    { header: 'Name', cell: (p) => p.name },
    { header: 'Added', cell: (p) => <DateTime value={p.created_at} /> },
    { header: 'Last used', cell: (p) => (p.last_used_at ? <DateTime value={p.last_used_at} /> : 'Never') },
    {
      header: <span className="visually-hidden">Actions</span>,
      cell: (p) => (
        <span className="actions">
          <Button onClick={() => (setNotice(null), setRenaming(p))} aria-label={`Rename the passkey ${p.name}`}>
            Rename
          </Button>
          <Button variant="danger" onClick={() => (setNotice(null), setRemoving(p))} aria-label={`Remove the passkey ${p.name}`}>
            Remove
          </Button>
        </span>
      ),
    },
  ];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setNotice(null);
    add.mutate(name);
  };
  return (
    <section className="card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>A passkey signs you in with this device's screen lock or a security key: on its own, or as the second step after your password.</p>
      {required ? (
        <Banner tone="warning" title="Or add a passkey">
          A passkey is a second factor too: everything opens once one is added.
        </Banner>
      ) : null}
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {list.isPending ? (
        <p className="muted" aria-busy="true">
          Loading your passkeys…
        </p>
      ) : list.isError ? (
        <LoadFailed title="Your passkeys could not be loaded" query={list} />
      ) : (
        <Table caption="Your passkeys" hideCaption columns={columns} rows={list.data.items} rowKey={(p) => p.id} empty="No passkey yet." />
      )}
      {supported ? (
        <form className="form form-narrow" onSubmit={submit} noValidate aria-label="Add a passkey">
          {add.isError ? <Banner tone="error">{passkeyErrorText(add.error)}</Banner> : null}
          <Field
            label="Name (optional)"
            name="new_passkey_name"
            maxLength={64}
            hint="To tell your passkeys apart, like “Work laptop”."
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="actions">
            <Button type="submit" variant="primary" busy={add.isPending}>
              Add a passkey
            </Button>
          </div>
        </form>
      ) : (
        <p className="muted">This browser cannot create passkeys.</p>
      )}
      <RenameDialog calls={calls} target={renaming} onClose={() => setRenaming(null)} />
      <RemoveDialog
        calls={calls}
        target={removing}
        onClose={() => setRemoving(null)}
        onDone={(stillOn) => {
          setRemoving(null);
          setNotice(stillOn ? 'The passkey was removed.' : 'The passkey was removed: signing in needs your password only.');
        }}
      />
    </section>
  );
}
