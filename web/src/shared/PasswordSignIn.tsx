import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Banner } from './Banner';
import { Button } from './Button';
import { Field } from './Field';
import { check, errorText, formErrors, problemsOf, useFieldProblems } from './forms';
import { useAfterSignIn, type SignInState } from './session';
import type { CompleteMfa } from './api/mfa';
import { finishWithPasskey, passkeysSupported, signInWithPasskey, type PasskeySignInCalls } from './api/passkeys';
import { passkeyErrorText } from './passkeys';

const REASON: Record<NonNullable<SignInState['reason']>, string> = {
  'signed-out': 'You are signed out.',
  'session-ended': 'Your session has ended: sign in again.',
};

/** What the app's login operation answers: a session, or the token of the second step (401 `mfa_required`) and the factors it takes. */
function mfaStepOf(answer: unknown): { token: string; factors: string[] } | null {
  const a = answer as { mfa_token?: unknown; factors?: unknown } | null;
  if (typeof a?.mfa_token !== 'string') return null;
  return { token: a.mfa_token, factors: Array.isArray(a.factors) ? a.factors.filter((f): f is string => typeof f === 'string') : ['totp'] };
}

/** The second step with a passkey: the browser's prompt for one of the account's passkeys. */
function PasskeyStep({ mfaToken, calls, primary }: { mfaToken: string; calls: PasskeySignInCalls; primary: boolean }) {
  const done = useAfterSignIn();
  const finish = useMutation({ mutationFn: () => finishWithPasskey(calls, mfaToken), onSuccess: done });
  return (
    <div className="passkey-step">
      {finish.isError ? <Banner tone="error">{passkeyErrorText(finish.error)}</Banner> : null}
      <Button variant={primary ? 'primary' : 'secondary'} busy={finish.isPending} onClick={() => finish.mutate()}>
        Use a passkey
      </Button>
    </div>
  );
}

/** The password-less way in: the browser offers the passkeys it holds for this site. */
function PasskeySignIn({ calls }: { calls: PasskeySignInCalls }) {
  const done = useAfterSignIn();
  const go = useMutation({ mutationFn: () => signInWithPasskey(calls), onSuccess: done });
  if (!passkeysSupported()) return null;
  return (
    <div className="auth-passkey">
      <p className="auth-or">or</p>
      {go.isError ? <Banner tone="error">{passkeyErrorText(go.error)}</Banner> : null}
      <Button busy={go.isPending} onClick={() => go.mutate()}>
        Continue with a passkey
      </Button>
    </div>
  );
}

/** The second step: a code of the authenticator app, or a recovery code. */
function SecondFactor({
  mfaToken,
  factors,
  completeMfa,
  passkeys,
  onRestart,
}: {
  mfaToken: string;
  factors: string[];
  completeMfa: CompleteMfa;
  passkeys?: PasskeySignInCalls;
  onRestart: () => void;
}) {
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
  const withPasskey = passkeys && factors.includes('passkey') ? <PasskeyStep mfaToken={mfaToken} calls={passkeys} primary={!factors.includes('totp')} /> : null;
  // A passkey alone (no authenticator app, so no recovery codes either): its button is the whole step.
  if (withPasskey && !factors.includes('totp')) {
    return (
      <>
        <p>Confirm it is you with one of your passkeys.</p>
        {withPasskey}
        <Button variant="quiet" onClick={onRestart}>
          Start again
        </Button>
      </>
    );
  }
  return (
    <>
      {withPasskey}
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
  passkeys,
}: {
  signIn: (body: { email: string; password: string }) => Promise<unknown>;
  completeMfa: CompleteMfa;
  /** The app's passkey sign-ins: offered password-less, and as the second step of an account that has one. */
  passkeys?: PasskeySignInCalls;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mfaStep, setMfaStep] = useState<{ token: string; factors: string[] } | null>(null);
  const done = useAfterSignIn();
  const reason = (useLocation().state as SignInState | null)?.reason;
  const login = useMutation({
    mutationFn: () => signIn({ email, password }),
    onSuccess: (answer) => {
      const step = mfaStepOf(answer);
      if (step) setMfaStep(step);
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
  if (mfaStep) {
    return (
      <SecondFactor
        mfaToken={mfaStep.token}
        factors={mfaStep.factors}
        completeMfa={completeMfa}
        passkeys={passkeys}
        onRestart={() => {
          setMfaStep(null);
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
      {passkeys ? <PasskeySignIn calls={passkeys} /> : null}
    </>
  );
}
