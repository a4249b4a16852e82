import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner, Button, check, Field, formErrors, problemsOf, useFieldProblems } from '../../shared';
import { useConfirmSignUp, useRegister } from '../api/session';
import { AuthShell } from '../AuthShell';
import { useAfterSignIn } from '../session';

/** Create account: the form, then "check your inbox" (the same for every address: a link to finish is mailed). */
export function Register() {
  const [form, setForm] = useState({ company_name: '', contact_name: '', email: '', password: '' });
  const register = useRegister();
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(register.error, Object.keys(form), {}, problems);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The password's rules (length after normalisation, common passwords) are the server's: it names the one broken.
    const found = problemsOf({
      company_name: [check.atLeast(form.company_name, 2, 'Enter your company name (at least 2 characters)')],
      contact_name: [check.atLeast(form.contact_name, 2, 'Enter your name (at least 2 characters)')],
      email: [check.filled(form.email, 'Enter your work email address'), check.email(form.email, 'Enter an email address, like name@example.com')],
      password: [check.filled(form.password, 'Choose a password (8 to 128 characters)')],
    });
    if (passes(e.currentTarget, found)) register.mutate(form);
  };
  const footer = (
    <>
      <Link to="/sign-in">Sign in</Link>
      <Link to="/key-sign-in">Sign in with an API key</Link>
    </>
  );
  if (register.isSuccess) {
    return (
      <AuthShell title="Check your inbox" footer={footer}>
        <Banner tone="success" title={`We sent a link to ${register.data.email}`}>
          Open it to finish creating your account: it works once, for 48 hours. Nothing within a few minutes? Check the address and your spam folder, or sign up
          again.
        </Banner>
        <p>
          <Button type="button" onClick={() => register.reset()}>
            Use another address
          </Button>
        </p>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Create account"
      intro={<p>Your account starts with a sandbox key that works at once. Production access follows when our team enables it.</p>}
      footer={footer}
    >
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Company name" name="company_name" autoComplete="organization" value={form.company_name} onChange={set('company_name')} error={errors.field('company_name')} required />
        <Field label="Contact name" name="contact_name" autoComplete="name" value={form.contact_name} onChange={set('contact_name')} error={errors.field('contact_name')} required />
        <Field label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.field('email')} required />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="8 to 128 characters."
          value={form.password}
          onChange={set('password')}
          error={errors.field('password')}
          required
        />
        <Button type="submit" variant="primary" busy={register.isPending}>
          Create account
        </Button>
      </form>
    </AuthShell>
  );
}

/** /portal/sign-up/confirm?token=…: the sign-up link's page; the password chosen at sign-up finishes it and signs in. */
export function ConfirmSignUp() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const done = useAfterSignIn();
  const confirm = useConfirmSignUp({ onSuccess: done });
  // 401: not the password chosen at sign-up; it belongs next to the password.
  const errors = formErrors(confirm.error, ['password'], { 401: 'password' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate({ token, password });
  };
  return (
    <AuthShell
      title="Finish creating your account"
      intro={<p>Enter the password you chose when you signed up.</p>}
      footer={
        <>
          <Link to="/sign-in">Sign in</Link>
          <Link to="/register">Create account</Link>
        </>
      }
    >
      {!token ? (
        <Banner tone="error">
          This page needs the link from the sign-up mail. <Link to="/register">Sign up again</Link>.
        </Banner>
      ) : (
        <>
          {errors.form ? (
            <Banner tone="error">
              {errors.form} <Link to="/register">Sign up again</Link>.
            </Banner>
          ) : null}
          <form className="form" onSubmit={submit} noValidate>
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
            <Button type="submit" variant="primary" busy={confirm.isPending}>
              Create account
            </Button>
          </form>
        </>
      )}
    </AuthShell>
  );
}
