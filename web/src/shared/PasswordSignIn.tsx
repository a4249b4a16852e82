import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Banner } from './Banner';
import { Button } from './Button';
import { Field } from './Field';
import { check, errorText, formErrors, problemsOf, useFieldProblems } from './forms';
import { useAfterSignIn, type SignInState } from './session';
import type { CompleteMfa } from './api/mfa';

const REASON: Record<NonNullable<SignInState['reason']>, string> = {
  'signed-out': 'You are signed out.',
  'session-ended': 'Your session has ended: sign in again.',
};

/** What the app's login operation answers: a session, or the token of the second step (401 `mfa_required`). */
function mfaTokenOf(answer: unknown): string | null {
  const t = (answer as { mfa_token?: unknown } | null)?.mfa_token;
  return typeof t === 'string' ? t : null;
}

/** The second step: a code of the authenticator app, or a recovery code. */
function SecondFactor({ mfaToken, completeMfa, onRestart }: { mfaToken: string; completeMfa: CompleteMfa; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const done = useAfterSignIn();
  const finish = useMutation({ mutationFn: () => completeMfa({ mfa_token: mfaToken, code }), onSuccess: done });
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(finish.error, ['code'], { 401: 'code' }, problems);
  // An expired or used step cannot be retried: the password is asked again.
  const restart = finish.error && 'code' in finish.error && (finish.error.code === 'mfa_token_expired' || finish.error.code === 'mfa_token_invalid');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({ code: [check.filled(code, recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your app')] });
    if (passes(e.currentTarget, found)) finish.mutate();
  };
  return (
    <>
      {restart ? (
        <Banner tone="error" action={<Button onClick={onRestart}>Sign in again</Button>}>
          {errorText(finish.error)}
        </Banner>
      ) : errors.form ? (
        <Banner tone="error">{errors.form}</Banner>
      ) : null}
      <form className="form" onSubmit={submit} noValidate aria-label="Two-step sign-in">
        <p>{recovery ? 'Enter one of the recovery codes you saved. Each works once.' : 'Enter the 6-digit code your authenticator app shows.'}</p>
        <Field
          key={recovery ? 'recovery' : 'app'}
          label={recovery ? 'Recovery code' : 'Code from the app'}
          name="code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={restart ? null : errors.field('code')}
        />
        <Button type="submit" variant="primary" busy={finish.isPending}>
          Verify
        </Button>
        <Button
          variant="quiet"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            finish.reset();
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Button>
      </form>
    </>
  );
}

/**
 * The email-and-password sign-in of both apps: why the visitor is here (signed out, session
 * ended), the form with its errors at their fields, and on success the way back to the page
 * that sent them. `signIn` is the app's own login operation; an account with a second factor
 * goes on to its code (`completeMfa`, the app's second step).
 */
export function PasswordSignIn({
  signIn,
  completeMfa,
}: {
  signIn: (body: { email: string; password: string }) => Promise<unknown>;
  completeMfa: CompleteMfa;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const done = useAfterSignIn();
  const reason = (useLocation().state as SignInState | null)?.reason;
  const login = useMutation({
    mutationFn: () => signIn({ email, password }),
    onSuccess: (answer) => {
      const token = mfaTokenOf(answer);
      if (token) setMfaToken(token);
      else done();
    },
  });
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(login.error, ['email', 'password'], {}, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({
      email: [check.filled(email, 'Enter your email address'), check.email(email, 'Enter an email address, like name@example.com')],
      password: [check.filled(password, 'Enter your password')],
    });
    if (passes(e.currentTarget, found)) login.mutate();
  };
  if (mfaToken) {
    return (
      <SecondFactor
        mfaToken={mfaToken}
        completeMfa={completeMfa}
        onRestart={() => {
          setMfaToken(null);
          setPassword('');
          login.reset();
        }}
      />
    );
  }
  return (
    <>
      {reason && !login.isError && Object.keys(problems).length === 0 ? <Banner tone="info">{REASON[reason]}</Banner> : null}
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Email" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.field('email')} required />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.field('password')}
          required
        />
        <Button type="submit" variant="primary" busy={login.isPending}>
          Sign in
        </Button>
      </form>
    </>
  );
}
