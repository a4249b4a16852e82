import { useTitle } from '../../shared';
import { PasswordCard, SessionsCard, type AccountOps } from '../../shared/account';
import { partnerAccount } from '../api/account';
import { useSignOut } from '../session';

export function Account() {
  useTitle('Account');
  const ops: AccountOps = { ...partnerAccount, signOut: useSignOut() };
  return (
    <div className="page">
      <div className="page-head">
        <h1>Account</h1>
      </div>
      <PasswordCard ops={ops} />
      <SessionsCard ops={ops} />
    </div>
  );
}
