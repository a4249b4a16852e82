import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner, Button, check, Field, formErrors, problemsOf, useFieldProblems } from '../../shared';
import { useAskPasswordReset, useResetPassword, useVerifyEmail } from '../api/session';
import { AuthShell } from '../AuthShell';

/** Forgot password?: the email gets a reset link (the answer is the same whether or not the address has an account). */
export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const ask = useAskPasswordReset();
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(ask.error, ['email'], {}, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({ email: [check.filled(email, 'Enter the email address of your account'), check.email(email, 'Enter an email address, like name@example.com')] });
    if (passes(e.currentTarget, found)) ask.mutate(email.trim());
  };
  return (
    <AuthShell title="Reset your password" intro={<p>Enter the email of your account: we mail you a link to choose a new password. It works once, for 30 minutes.</p>} footer={<Link to="/sign-in">Back to sign in</Link>}>
      {ask.isSuccess ? <Banner tone="success">{ask.data.detail}</Banner> : null}
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Email" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.field('email')} required />
        <Button type="submit" variant="primary" busy={ask.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthShell>
  );
}

/** /portal/reset-password?token=…: the link's page, where the new password is chosen. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const confirm = useResetPassword();
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(confirm.error, ['new_password'], {}, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (passes(e.currentTarget, problemsOf({ new_password: [check.filled(password, 'Choose a new password (8 to 128 characters)')] }))) confirm.mutate({ token, new_password: password });
  };
  return (
    <AuthShell title="Choose a new password" footer={<Link to="/sign-in">Back to sign in</Link>}>
      {!token ? (
        <Banner tone="error">
          This page needs the link from the reset mail. <Link to="/forgot-password">Ask for a new link</Link>.
        </Banner>
      ) : confirm.isSuccess ? (
        <Banner tone="success" title="Your password was changed">
          Every session of the account was signed out. <Link to="/sign-in">Sign in</Link> with the new password.
        </Banner>
      ) : (
        <>
          {errors.form ? (
            <Banner tone="error">
              {errors.form} <Link to="/forgot-password">Ask for a new link</Link>.
            </Banner>
          ) : null}
          <form className="form" onSubmit={submit} noValidate>
            <Field
              label="New password"
              type="password"
              name="new_password"
              autoComplete="new-password"
              hint="8 to 128 characters, not a common password."
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.field('new_password')}
              required
            />
            <Button type="submit" variant="primary" busy={confirm.isPending}>
              Change password
            </Button>
          </form>
        </>
      )}
    </AuthShell>
  );
}

/** /portal/verify-email?token=…: follows the mailed link once, on arrival, and says what it verified. */
export function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once, even under StrictMode's double effects: the link works once.
    if (token && !sent.current) {
      sent.current = true;
      verify.mutate(token);
    }
  }, [token, verify]);
  return (
    <AuthShell title="Verify your email" footer={<Link to="/">Go to the portal</Link>}>
      {!token ? (
        <Banner tone="error">This page needs the link from the verification mail.</Banner>
      ) : verify.isPending || verify.isIdle ? (
        <p className="muted" aria-busy="true">
          Verifying…
        </p>
      ) : verify.isError ? (
        <Banner tone="error" title="The address could not be verified">
          {verify.error.message} Sign in to ask for a new link.
        </Banner>
      ) : (
        <Banner tone="success" title={verify.data.purpose === 'account' ? 'Your email is verified' : 'The alert address is verified'}>
          {verify.data.detail}
        </Banner>
      )}
    </AuthShell>
  );
}
