import { Link, useSearchParams } from 'react-router';
import { PasswordSignIn } from '../../shared';
import { completeMfa, passkeySignIn, signIn } from '../api/session';
import { AuthShell } from '../AuthShell';

export function SignIn() {
  const [params] = useSearchParams();
  const keep = params.toString() ? `?${params}` : '';
  return (
    <AuthShell
      title="Sign in"
      footer={
        <>
          <Link to="/forgot-password">Forgot password?</Link>
          <Link to={`/register${keep}`}>Create account</Link>
          <Link to={`/key-sign-in${keep}`}>Sign in with an API key</Link>
        </>
      }
    >
      <PasswordSignIn signIn={signIn} completeMfa={completeMfa} passkeys={passkeySignIn} />
    </AuthShell>
  );
}
