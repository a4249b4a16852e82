import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { Banner, Button, check, Field, formErrors, problemsOf, useFieldProblems } from '../../shared';
import { useAcceptInvite } from '../api/members';
import { AuthShell } from '../AuthShell';
import { useAfterSignIn } from '../session';

/** /portal/accept-invite?token=…: the invitation mail's page; a name and a password make the member active and sign it in. */
export function AcceptInvite() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const done = useAfterSignIn();
  const accept = useAcceptInvite({ onSuccess: done });
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(accept.error, ['name', 'password'], {}, problems);
  // The link itself is refused (unknown, used, withdrawn, expired): a new invitation is the way on.
  const linkRefused = isApiError(accept.error, 400) || isApiError(accept.error, 410);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({
      name: [check.filled(name, 'Enter your name, as the account’s other members will see it')],
      password: [check.atLeast(password, 8, 'Choose a password of at least 8 characters')],
    });
    if (passes(e.currentTarget, found)) accept.mutate({ token, name: name.trim(), password });
  };
  return (
    <AuthShell
      title="Join the team"
      intro={<p>You were invited to a partner account. Choose your name and a password: you are signed in at once.</p>}
      footer={<Link to="/sign-in">Sign in</Link>}
    >
      {!token ? (
        <Banner tone="error">This page needs the link from the invitation mail. Ask the person who invited you to send it again.</Banner>
      ) : (
        <>
          {errors.form ? (
            <Banner tone="error">
              {errors.form}
              {linkRefused ? ' Ask the person who invited you to send a new invitation.' : null}
            </Banner>
          ) : null}
          <form className="form" onSubmit={submit} noValidate>
            <Field label="Your name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.field('name')} required />
            <Field
              label="Password"
              type="password"
              name="password"
              autoComplete="new-password"
              hint="8 to 128 characters."
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.field('password')}
              required
            />
            <Button type="submit" variant="primary" busy={accept.isPending}>
              Join and sign in
            </Button>
          </form>
        </>
      )}
    </AuthShell>
  );
}
