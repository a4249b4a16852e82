import { PasswordCard, SessionsCard, type AccountOps } from '../../shared/account';
import { SecurityCard } from '../../shared/mfa';
import { PasskeysCard } from '../../shared/passkeys';
import { adminAccount, adminMfa, adminPasskeys } from '../api/account';
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
      {me.password_set ? (
        <>
          <PasswordCard ops={ops} />
          <SecurityCard calls={adminMfa} enabled={me.mfa_factors.includes('totp')} passkey={me.mfa_factors.includes('passkey')} />
          <PasskeysCard calls={adminPasskeys} />
        </>
      ) : (
        <p>You sign in with single sign-on: this account has no password to change, and your identity provider checks your second factor.</p>
      )}
      <SessionsCard ops={ops} />
    </div>
  );
}
