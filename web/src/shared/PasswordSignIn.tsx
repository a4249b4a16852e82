import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Banner } from './Banner';
import { Button } from './Button';
import { Field } from './Field';
import { check, formErrors, problemsOf, useFieldProblems } from './forms';
import { useAfterSignIn, type SignInState } from './session';

const REASON: Record<NonNullable<SignInState['reason']>, string> = {
  'signed-out': 'You are signed out.',
  'session-ended': 'Your session has ended: sign in again.',
};

/**
 * The email-and-password sign-in of both apps: why the visitor is here (signed out, session
 * ended), the form with its errors at their fields, and on success the way back to the page
 * that sent them. `signIn` is the app's own login operation.
 */
export function PasswordSignIn({ signIn }: { signIn: (body: { email: string; password: string }) => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const done = useAfterSignIn();
  const reason = (useLocation().state as SignInState | null)?.reason;
  const login = useMutation({ mutationFn: () => signIn({ email, password }), onSuccess: done });
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
