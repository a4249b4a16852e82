import { useTitle } from '../../shared';
import { PasswordCard, SessionsCard, type AccountOps } from '../../shared/account';
import { SecurityCard } from '../../shared/mfa';
import { PasskeysCard } from '../../shared/passkeys';
import { partnerAccount, partnerMfa, partnerPasskeys } from '../api/account';
import { useMe, useSignOut } from '../session';

export function Account() {
  useTitle('Account');
  const me = useMe();
  const ops: AccountOps = { ...partnerAccount, signOut: useSignOut() };
  return (
    <div className="page">
      <div className="page-head">
        <h1>Account</h1>
      </div>
      <PasswordCard ops={ops} />
      {me.session_method === 'api_key' ? null : (
        <>
          <SecurityCard calls={partnerMfa} enabled={me.mfa_factors.includes('totp')} passkey={me.mfa_factors.includes('passkey')} />
          <PasskeysCard calls={partnerPasskeys} />
        </>
      )}
      <SessionsCard ops={ops} />
    </div>
  );
}
