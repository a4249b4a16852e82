import { api, unwrap } from '../../api/client';
import { PasswordCard, SessionsCard, type AccountOps } from '../../shared/account';
import { useMe, useSignOut } from '../session';
import { useTitle } from '../title';

const SESSIONS = ['admin-sessions'] as const;

/** The administrator's password and sessions operations, for the cards the portal's Account page uses too. */
function useAdminAccountOps(): AccountOps {
  const signOut = useSignOut();
  return {
    sessionsKey: SESSIONS,
    changePassword: (body) => unwrap(api.POST('/api/auth/admin/password', { body })),
    listSessions: () => unwrap(api.GET('/api/auth/admin/sessions')),
    revokeSession: (id) => unwrap(api.DELETE('/api/auth/admin/sessions/{session_id}', { params: { path: { session_id: id } } })),
    revokeOthers: () => unwrap(api.POST('/api/auth/admin/sessions/revoke-others')),
    signOut,
  };
}

export function Account() {
  useTitle('Account');
  const me = useMe();
  const ops = useAdminAccountOps();
  return (
    <div className="page">
      <div className="page-head">
        <h1>Account</h1>
      </div>
      <p className="lede">
        Signed in as <strong>{me.email}</strong>. A forgotten administrator password is set by an operator on the server:{' '}
        <code>npm run svc -- admin set-password --email …</code>
      </p>
      <PasswordCard ops={ops} />
      <SessionsCard ops={ops} />
    </div>
  );
}
