import { MfaEnrolmentPage } from '../../shared/mfa';
import { PasskeysCard } from '../../shared/passkeys';
import { adminMfa, adminPasskeys } from '../api/account';
import { useTitle } from '../title';

/**
 * What the console shows an administrator who must set up a second factor first (ADMIN_REQUIRE_MFA):
 * every other page's operations answer 403 `mfa_enrolment_required` until an authenticator app is confirmed or a
 * passkey added. `onSaved`: the recovery codes were saved, or a passkey added, so the console may open.
 */
export function MfaEnrolment({ onSaved }: { onSaved: () => void }) {
  useTitle('Set up two-step sign-in');
  return (
    <MfaEnrolmentPage
      calls={adminMfa}
      required="Administrators need a second factor: the console opens once an authenticator app or a passkey is set up."
      onSaved={onSaved}
    >
      <PasskeysCard calls={adminPasskeys} required onAdded={onSaved} />
    </MfaEnrolmentPage>
  );
}
