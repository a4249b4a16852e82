import icon from '../../shared/icon.svg';
import { PasswordSignIn } from '../../shared';
import { completeMfa, signIn } from '../api/session';
import { useTitle } from '../title';

export function SignIn() {
  useTitle('Sign in');
  return (
    <div className="auth">
      <main className="auth-card" id="main">
        <div className="auth-brand">
          <img src={icon} alt="" width="32" height="32" />
          <span>Admin console</span>
        </div>
        <h1>Sign in</h1>
        <PasswordSignIn signIn={signIn} completeMfa={completeMfa} />
      </main>
    </div>
  );
}
