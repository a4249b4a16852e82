import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import icon from '../shared/icon.svg';
import { SignOutButton } from '../shared/session';
import { useMe, useSignOut } from './session';
import { MfaEnrolment } from './pages/MfaEnrolment';

/** The console's pages, in the product's order. */
const NAV = [
  { to: '/partners', label: 'Partners' },
  { to: '/usage', label: 'Usage' },
  { to: '/external-keys', label: 'External keys' },
  { to: '/deletion-requests', label: 'Deletion requests' },
  { to: '/incidents', label: 'Incidents' },
  { to: '/audit-log', label: 'Audit log' },
  { to: '/mail', label: 'Mail' },
  { to: '/messages', label: 'Messages' },
  { to: '/ingest-secret', label: 'Ingest secret' },
  { to: '/indexnow', label: 'IndexNow' },
];

export function Layout() {
  const me = useMe();
  const signOut = useSignOut();
  // Held to enrolment (ADMIN_REQUIRE_MFA): nothing else opens until a second factor is confirmed and its recovery
  // codes are saved (confirming lifts the hold at the server before they are shown).
  const [enrolling, setEnrolling] = useState(me.mfa_enrolment_required);
  useEffect(() => {
    if (me.mfa_enrolment_required) setEnrolling(true);
  }, [me.mfa_enrolment_required]);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <div className="brand">
            <img src={icon} alt="" width="28" height="28" />
            <span className="brand-name">Admin console</span>
            <span className="brand-company">{me.email}</span>
          </div>
          <div className="topbar-tools">
            {enrolling ? null : (
              <NavLink to="/account" className="topbar-link">
                Account
              </NavLink>
            )}
            <SignOutButton signOut={signOut} />
          </div>
        </div>
        {enrolling ? null : (
        <nav className="nav" aria-label="Admin console">
          <ul>
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to}>{n.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        )}
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {enrolling ? <MfaEnrolment onSaved={() => setEnrolling(false)} /> : <Outlet />}
      </main>
      <footer className="footer">
        <a href="/status">Service status</a>
        <a href="/api/docs">API reference</a>
      </footer>
    </div>
  );
}
