import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import { Banner, Button, check, Field, formErrors, problemsOf, useFieldProblems } from '../../shared';
import { AuthShell } from '../AuthShell';
import { useAfterSignIn } from '../session';

export function Register() {
  const [form, setForm] = useState({ company_name: '', contact_name: '', email: '', password: '' });
  const done = useAfterSignIn();
  const register = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/partner/register', { body: form })),
    onSuccess: done,
  });
  const { problems, passes } = useFieldProblems();
  // 409: the email is taken; it belongs next to the email.
  const errors = formErrors(register.error, Object.keys(form), { 409: 'email' }, problems);
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
    if (passes(e.currentTarget, found)) register.mutate();
  };
  return (
    <AuthShell
      title="Create account"
      intro={<p>Your account starts with a sandbox key that works at once. Production access follows when our team enables it.</p>}
      footer={
        <>
          <Link to="/sign-in">Sign in</Link>
          <Link to="/key-sign-in">Sign in with an API key</Link>
        </>
      }
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
