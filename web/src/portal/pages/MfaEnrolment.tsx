import { useTitle } from '../../shared';
import { MfaEnrolmentPage } from '../../shared/mfa';
import { PasskeysCard } from '../../shared/passkeys';
import { partnerMfa, partnerPasskeys } from '../api/account';

/**
 * What the portal shows a member whose account requires a second factor of every member and who has none: every
 * other page's operations answer 403 `mfa_enrolment_required` until it is confirmed (or a passkey added). `onSaved`: the
 * recovery codes were saved, or a passkey added, so the portal may open.
 */
export function MfaEnrolment({ onSaved }: { onSaved: () => void }) {
  useTitle('Set up two-step sign-in');
  return (
    <MfaEnrolmentPage
      calls={partnerMfa}
      required="The owner of this account requires two-step sign-in of every member: the portal opens once an authenticator app or a passkey is set up."
      onSaved={onSaved}
    >
      <PasskeysCard calls={partnerPasskeys} required onAdded={onSaved} />
    </MfaEnrolmentPage>
  );
}
