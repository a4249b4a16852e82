import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap, type Answer } from '../../api/client';
import { Banner, Button, ConfirmDialog, DateTime, Field, formErrors, Table, type Column, useTitle } from '../../shared';
import { useSignOut } from '../session';

type Session = Answer<'/api/auth/partner/sessions', 'get'>['items'][number];
const SESSIONS = ['sessions'] as const;
const METHOD: Record<Session['method'], string> = { password: 'Password', api_key: 'API key', signup: 'Sign-up' };

function PasswordCard() {
  const client = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/partner/password', { body: { current_password: current, new_password: next } })),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      void client.invalidateQueries({ queryKey: SESSIONS });
    },
  });
  const errors = formErrors(change.error, ['current_password', 'new_password'], { 401: 'current_password' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form className="form form-narrow" onSubmit={submit} noValidate aria-label="Change password">
        {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
        {change.isSuccess ? (
          <Banner tone="success">
            Your password was changed.{' '}
            {change.data.sessions_ended > 0 ? `${change.data.sessions_ended} other session${change.data.sessions_ended === 1 ? ' was' : 's were'} signed out.` : ''}
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

function SessionsCard() {
  const client = useQueryClient();
  const signOut = useSignOut();
  const [ending, setEnding] = useState<Session | 'others' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({ queryKey: SESSIONS, queryFn: () => unwrap(api.GET('/api/auth/partner/sessions')) });
  const revoke = useMutation({
    mutationFn: (s: Session) => unwrap(api.DELETE('/api/auth/partner/sessions/{session_id}', { params: { path: { session_id: s.id } } })),
    onSuccess: (r) => {
      setEnding(null);
      if (r.current) {
        void signOut();
        return;
      }
      setNotice('The session was signed out.');
      void client.invalidateQueries({ queryKey: SESSIONS });
    },
  });
  const others = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/partner/sessions/revoke-others')),
    onSuccess: () => {
      setEnding(null);
      setNotice('Your other sessions were signed out.');
      void client.invalidateQueries({ queryKey: SESSIONS });
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
    { header: 'Address', cell: (s) => s.ip_address ?? '—' },
    { header: 'Browser', cell: (s) => <span className="ua">{s.user_agent ?? '—'}</span> },
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
        <Banner tone="error" title="Your sessions could not be loaded" action={<Button onClick={() => void list.refetch()}>Try again</Button>}>
          {list.error.message}
        </Banner>
      ) : (
        <>
          <Table caption="Signed-in sessions, newest first" hideCaption columns={columns} rows={list.data.items} rowKey={(s) => s.id} empty="No sessions." />
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
        error={revoke.isError ? revoke.error.message : null}
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
        error={others.isError ? others.error.message : null}
        onConfirm={() => others.mutate()}
        onCancel={() => setEnding(null)}
      >
        <p>Every session except this one is signed out at once.</p>
      </ConfirmDialog>
    </section>
  );
}

export function Account() {
  useTitle('Account');
  return (
    <div className="page">
      <div className="page-head">
        <h1>Account</h1>
      </div>
      <PasswordCard />
      <SessionsCard />
    </div>
  );
}
