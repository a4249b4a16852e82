import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { Banner, Button, Field, formErrors } from '../../shared';
import { AuthShell } from '../AuthShell';
import { useAfterSignIn, type SignInState } from '../session';

const REASON: Record<NonNullable<SignInState['reason']>, string> = {
  'signed-out': 'You are signed out.',
  'session-ended': 'Your session has ended: sign in again.',
};

export function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const done = useAfterSignIn();
  const [params] = useSearchParams();
  const reason = (useLocation().state as SignInState | null)?.reason;
  const login = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/partner/login', { body: { email, password } })),
    onSuccess: done,
  });
  const errors = formErrors(login.error, ['email', 'password']);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
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
      {reason && !login.isError ? <Banner tone="info">{REASON[reason]}</Banner> : null}
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
    </AuthShell>
  );
}
