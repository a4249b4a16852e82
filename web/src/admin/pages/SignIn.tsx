import { useSearchParams } from 'react-router';
import icon from '../../shared/icon.svg';
import { Banner, PasswordSignIn, QueryView } from '../../shared';
import { completeMfa, passkeySignIn, signIn } from '../api/session';
import { useSsoStatus } from '../api/sso';
import { useTitle } from '../title';

/** Why single sign-on sent the operator back here (/admin/sign-in?error=<code>), in words. */
const SSO_REFUSED: Record<string, string> = {
  sso_not_allowed: 'Your account at the sign-in provider is not allowed to administer this service. Ask an administrator to add your address or group.',
  sso_email_unverified: 'The sign-in provider has not verified your email address.',
  sso_state_invalid: 'That sign-in could not be finished (it was used already, or started in another browser or tab). Start again.',
  sso_expired: 'The sign-in took too long and expired. Start again.',
  sso_provider_error: 'The sign-in provider could not complete the sign-in. Try again, or ask your operator if it keeps failing.',
  sso_not_configured: 'Single sign-on is not set up on this server.',
};

export function SignIn() {
  useTitle('Sign in');
  const sso = useSsoStatus();
  const [params] = useSearchParams();
  const refused = params.get('error');
  return (
    <div className="auth">
      <main className="auth-card" id="main">
        <div className="auth-brand">
          <img src={icon} alt="" width="32" height="32" />
          <span>Admin console</span>
        </div>
        <h1>Sign in</h1>
        {refused ? (
          <Banner tone="error" title="Single sign-on failed">
            {SSO_REFUSED[refused] ?? 'The sign-in could not be finished. Start again.'}
          </Banner>
        ) : null}
        <QueryView query={sso} failed="Could not load the sign-in options">
          {(status) => (
            <>
              {status.enabled && status.start_url ? (
                <div className="auth-sso">
                  <a className={status.password_login ? 'btn' : 'btn btn-primary'} href={status.start_url}>
                    Sign in with {status.provider}
                  </a>
                </div>
              ) : null}
              {status.enabled && status.password_login ? <p className="auth-or">or with your password</p> : null}
              {status.password_login ? <PasswordSignIn signIn={signIn} completeMfa={completeMfa} passkeys={passkeySignIn} /> : null}
            </>
          )}
        </QueryView>
      </main>
    </div>
  );
}
