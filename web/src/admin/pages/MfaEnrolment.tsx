import { SecurityCard } from '../../shared/mfa';
import { adminMfa } from '../api/account';
import { useTitle } from '../title';

/**
 * What the console shows an administrator who must set up a second factor first (ADMIN_REQUIRE_MFA):
 * every other page's operations answer 403 `mfa_enrolment_required` until it is confirmed.
 */
export function MfaEnrolment() {
  useTitle('Set up two-step sign-in');
  return (
    <div className="page">
      <div className="page-head">
        <h1>Set up two-step sign-in</h1>
      </div>
      <SecurityCard calls={adminMfa} enabled={false} required />
    </div>
  );
}
