import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import icon from '../../shared/icon.svg';
import { api, unwrap } from '../../api/client';
import { Banner, Button, Field, formErrors } from '../../shared';
import { useAfterSignIn, type SignInState } from '../session';
import { useTitle } from '../title';

const REASON: Record<NonNullable<SignInState['reason']>, string> = {
  'signed-out': 'You are signed out.',
  'session-ended': 'Your session has ended: sign in again.',
};

export function SignIn() {
  useTitle('Sign in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const done = useAfterSignIn();
  const reason = (useLocation().state as SignInState | null)?.reason;
  const login = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/admin/login', { body: { email, password } })),
    onSuccess: done,
  });
  const errors = formErrors(login.error, ['email', 'password']);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
  return (
    <div className="auth">
      <main className="auth-card" id="main">
        <div className="auth-brand">
          <img src={icon} alt="" width="32" height="32" />
          <span>Admin console</span>
        </div>
        <h1>Sign in</h1>
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
      </main>
    </div>
  );
}
