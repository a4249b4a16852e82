import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner, Button, check, Field, formErrors, problemsOf, useFieldProblems } from '../../shared';
import { useKeySignIn } from '../api/session';
import { AuthShell } from '../AuthShell';
import { useAfterSignIn } from '../session';

export function KeySignIn() {
  const [key, setKey] = useState('');
  const done = useAfterSignIn();
  const [params] = useSearchParams();
  const login = useKeySignIn({ onSuccess: done });
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(login.error, ['key'], { 401: 'key' }, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({
      key: [check.filled(key, 'Paste your API key (svc_test_… or svc_live_…)'), check.atLeast(key, 8, 'This is too short for an API key: paste the whole key')],
    });
    if (passes(e.currentTarget, found)) login.mutate(key.trim());
  };
  const keep = params.toString() ? `?${params}` : '';
  return (
    <AuthShell
      title="Sign in with an API key"
      intro={<p>Paste your sandbox (svc_test_…) or production (svc_live_…) key. The session sees that key’s environment only.</p>}
      footer={
        <>
          <Link to={`/sign-in${keep}`}>Sign in</Link>
          <Link to={`/register${keep}`}>Create account</Link>
        </>
      }
    >
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label="API key"
          type="password"
          name="key"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          error={errors.field('key')}
          required
        />
        <Button type="submit" variant="primary" busy={login.isPending}>
          Sign in with an API key
        </Button>
      </form>
    </AuthShell>
  );
}
