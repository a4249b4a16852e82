import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import icon from '../shared/icon.svg';
import { Banner, Button } from '../shared';
import { SignOutButton } from '../shared/session';
import { ENV_LABEL, useEnvironment, useMe, useSignOut } from './session';
import type { Environment } from '../api/client';
import { useResendVerification } from './api/session';
import { allowedTo, ROLE_NOTES, useRole } from './permissions';
import { MfaEnrolment } from './pages/MfaEnrolment';

const NAV = [
  { to: '/', label: 'Overview', end: true },
  { to: '/keys', label: 'API keys', end: false },
  { to: '/usage', label: 'Usage', end: false },
  { to: '/webhooks', label: 'Webhooks', end: false },
  { to: '/events', label: 'Events', end: false },
  { to: '/reports', label: 'Reports', end: false },
  { to: '/logs', label: 'Logs', end: false },
  { to: '/team', label: 'Team', end: false },
  { to: '/account', label: 'Account', end: false },
];

/** Until the account email is verified, no mail (usage alerts, notices) goes to it: the banner says so and mails the link again. */
function UnverifiedEmail({ email }: { email: string }) {
  const resend = useResendVerification();
  const role = useRole();
  return (
    <Banner
      tone="warning"
      title="Verify your email"
      action={
        resend.isSuccess ? null : (
          <Button onClick={() => resend.mutate()} busy={resend.isPending} {...allowedTo(role, 'POST /api/auth/partner/verify-email/resend')}>
            Resend the link
          </Button>
        )
      }
    >
      {resend.isSuccess
        ? resend.data.detail
        : resend.isError
          ? resend.error.message
          : `We mailed a link to ${email}. Until you follow it, no mail from the service (usage alerts included) goes to that address.`}
    </Banner>
  );
}

/** Sandbox / Production: two radio buttons drawn as one control. */
function EnvironmentSwitch() {
  const { env, locked, setEnv } = useEnvironment();
  return (
    <fieldset className="env-switch">
      <legend className="visually-hidden">Environment</legend>
      {(['test', 'live'] as Environment[]).map((e) => (
        <label key={e} className={`env-option env-${e}`} title={locked && e !== env ? 'This session was opened with an API key: it sees that key’s environment only' : undefined}>
          <input type="radio" name="environment" value={e} checked={env === e} disabled={locked && e !== env} onChange={() => setEnv(e)} />
          <span>{ENV_LABEL[e]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** What the member's role leaves disabled, in words every reader gets; the Account page is every role's own. */
function RoleNote() {
  const note = ROLE_NOTES[useRole()];
  const { pathname } = useLocation();
  if (!note || pathname.replace(/\/+$/, '').endsWith('/account')) return null;
  return (
    <Banner tone="info">
      <span id="role-note">{note}</span>
    </Banner>
  );
}

export function Layout() {
  const me = useMe();
  const { env } = useEnvironment();
  const signOut = useSignOut();
  const search = `?env=${env}`;
  // Held to enrolment (the owner requires a second factor of every member): nothing else opens until one is set up
  // and its recovery codes are saved (confirming lifts the hold at the server before they are shown).
  const [enrolling, setEnrolling] = useState(me.mfa_enrolment_required);
  useEffect(() => {
    if (me.mfa_enrolment_required) setEnrolling(true);
  }, [me.mfa_enrolment_required]);
  return (
    <div className={`app app-env-${env}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <div className="brand">
            <img src={icon} alt="" width="28" height="28" />
            <span className="brand-name">Partner portal</span>
            <span className="brand-company" title={me.email}>
              {me.company_name}
            </span>
          </div>
          <div className="topbar-tools">
            {enrolling ? null : <EnvironmentSwitch />}
            <SignOutButton signOut={signOut} />
          </div>
        </div>
        {enrolling ? null : (
          <nav className="nav" aria-label="Portal">
            <ul>
              {NAV.map((n) => (
                <li key={n.to}>
                  <NavLink to={{ pathname: n.to, search }} end={n.end}>
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {me.session_environment ? (
          <Banner tone="info">
            You signed in with your {ENV_LABEL[me.session_environment].toLowerCase()} key: this session sees the {ENV_LABEL[me.session_environment].toLowerCase()} environment only.
            Sign in with your email and password to manage both.
          </Banner>
        ) : null}
        {enrolling ? (
          <MfaEnrolment onSaved={() => setEnrolling(false)} />
        ) : (
          <>
            {me.email_verified === false ? <UnverifiedEmail email={me.email} /> : null}
            <RoleNote />
            <Outlet />
          </>
        )}
      </main>
      <footer className="footer">
        <a href="/status">Service status</a>
        <a href="/api/docs">API reference</a>
        <a href="/api/v1/integration-guide">Integration guide</a>
      </footer>
    </div>
  );
}
