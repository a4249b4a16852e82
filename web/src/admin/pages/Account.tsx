import { PasswordCard, SessionsCard, type AccountOps } from '../../shared/account';
import { SecurityCard } from '../../shared/mfa';
import { adminAccount, adminMfa } from '../api/account';
import { useMe, useSignOut } from '../session';
import { useTitle } from '../title';

export function Account() {
  useTitle('Account');
  const me = useMe();
  const ops: AccountOps = { ...adminAccount, signOut: useSignOut() };
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
      <SecurityCard calls={adminMfa} enabled={me.mfa_enabled} />
      <SessionsCard ops={ops} />
    </div>
  );
}
