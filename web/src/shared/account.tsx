/**
 * The signed-in account's Password and Sessions cards, alike for a partner (the portal's Account page)
 * and an administrator (the console's Account page). Each entry brings its own calls (`AccountCalls`,
 * web/src/<entry>/api/account.ts) and sign-out; the queries are shared/api/account.ts's.
 */
import { useState, type FormEvent } from 'react';
import { useChangePassword, useRevokeOthers, useRevokeSession, useSessions, type AccountCalls, type Session } from './api/account';
import { Banner } from './Banner';
import { Button } from './Button';
import { DateTime } from './DateTime';
import { ConfirmDialog } from './Dialog';
import { Field } from './Field';
import { LoadFailed } from './LoadFailed';
import { Table, type Column } from './Table';
import { check, errorText, formErrors, problemsOf, useFieldProblems } from './forms';

export interface AccountOps extends AccountCalls {
  /** After this browser's own session was ended: the entry's sign-out (cache cleared, on to sign-in). */
  signOut: () => Promise<void>;
}

const METHOD: Record<Session['method'], string> = { password: 'Password', api_key: 'API key', signup: 'Sign-up', oidc: 'Single sign-on', passkey: 'Passkey' };

function sessionsEnded(n: number): string {
  if (n === 0) return 'No other session was open.';
  return n === 1 ? 'Your other session was signed out.' : `Your ${n} other sessions were signed out.`;
}

export function PasswordCard({ ops }: { ops: AccountOps }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword(ops, {
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
  });
  const { problems, passes } = useFieldProblems();
  // A wrong current password is a 401: its words go next to that field.
  const errors = formErrors(change.error, ['current_password', 'new_password'], { 401: 'current_password' }, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({
      current_password: [check.filled(current, 'Enter your current password')],
      new_password: [check.filled(next, 'Choose a new password (8 to 128 characters)')],
    });
    if (passes(e.currentTarget, found)) change.mutate({ current_password: current, new_password: next });
  };
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form className="form form-narrow" onSubmit={submit} noValidate aria-label="Change password">
        {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
        {change.isSuccess ? (
          <Banner tone="success">
            Your password was changed. {sessionsEnded(change.data.sessions_ended)}
          </Banner>
        ) : null}
        <Field label="Current password" name="current_password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={errors.field('current_password')} />
        <Field
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint="8 to 128 characters, not a common password. Your other sessions are signed out."
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={errors.field('new_password')}
        />
        <div className="actions">
          <Button type="submit" variant="primary" busy={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}

/** An IPv6 address may break after a colon (never inside a group); an IPv4 address has nowhere to break and stays whole. */
function breakAtColons(address: string) {
  return address.split(':').map((part, i) => (i === 0 ? part : [<wbr key={i} />, ':' + part]));
}

export function SessionsCard({ ops }: { ops: AccountOps }) {
  const [ending, setEnding] = useState<Session | 'others' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useSessions(ops);
  const revoke = useRevokeSession(ops, {
    onSuccess: (r) => {
      setEnding(null);
      if (r.current) {
        void ops.signOut();
        return;
      }
      setNotice('The session was signed out.');
    },
  });
  const others = useRevokeOthers(ops, {
    onSuccess: () => {
      setEnding(null);
      setNotice('Your other sessions were signed out.');
    },
  });
  const columns: Column<Session>[] = [
    {
      header: 'Opened',
      cell: (s) => (
        <>
          <DateTime value={s.created_at} /> {s.current ? <span className="status status-ok">This session</span> : null}
        </>
      ),
    },
    { header: 'Sign-in', cell: (s) => METHOD[s.method] + (s.key_environment ? ` (${s.key_environment === 'live' ? 'production' : 'sandbox'} key)` : '') },
    { header: 'Last used', cell: (s) => <DateTime value={s.last_used_at} /> },
    { header: 'Expires', cell: (s) => <DateTime value={s.expires_at} /> },
    { header: 'Address', cell: (s) => <span className="address">{s.ip_address ? breakAtColons(s.ip_address) : '—'}</span> },
    { header: 'Browser', cell: (s) => <span className="ua" title={s.user_agent ?? undefined}>{s.user_agent ?? '—'}</span> },
    {
      header: <span className="visually-hidden">Actions</span>,
      cell: (s) => (
        <Button onClick={() => (setNotice(null), revoke.reset(), setEnding(s))} aria-label={s.current ? 'Sign out this session' : `Sign out the session opened ${new Date(s.created_at).toLocaleString()}`}>
          Sign out
        </Button>
      ),
    },
  ];
  const target = ending && ending !== 'others' ? ending : null;
  return (
    <section className="card" aria-labelledby="sessions-title">
      <div className="card-head">
        <h2 id="sessions-title">Sessions</h2>
      </div>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {list.isPending ? (
        <p className="muted" aria-busy="true">
          Loading your sessions…
        </p>
      ) : list.isError ? (
        <LoadFailed title="Your sessions could not be loaded" query={list} />
      ) : (
        <>
          <Table caption="Signed-in sessions, newest first" hideCaption className="table-compact" columns={columns} rows={list.data.items} rowKey={(s) => s.id} empty="No sessions." />
          <div className="actions endpoint-actions">
            <Button variant="danger" onClick={() => (setNotice(null), others.reset(), setEnding('others'))} disabled={list.data.items.every((s) => s.current)}>
              Sign out other sessions
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={target !== null}
        title={target?.current ? 'Sign out this session?' : 'Sign out that session?'}
        confirmLabel="Sign out"
        danger
        busy={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error) : null}
        onConfirm={() => target && revoke.mutate(target)}
        onCancel={() => setEnding(null)}
      >
        <p>{target?.current ? 'You are signed out of this browser.' : 'Whoever uses that session is signed out at once.'}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={ending === 'others'}
        title="Sign out your other sessions?"
        confirmLabel="Sign out other sessions"
        danger
        busy={others.isPending}
        error={others.isError ? errorText(others.error) : null}
        onConfirm={() => others.mutate()}
        onCancel={() => setEnding(null)}
      >
        <p>Every session except this one is signed out at once.</p>
      </ConfirmDialog>
    </section>
  );
}
