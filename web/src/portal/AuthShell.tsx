import type { ReactNode } from 'react';
import icon from '../shared/icon.svg';
import { useTitle } from '../shared';

/** The frame of the sign-in pages: one card, the form, the ways to the other pages. */
export function AuthShell({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer: ReactNode }) {
  useTitle(title);
  return (
    <div className="auth">
      <main className="auth-card" id="main">
        <div className="auth-brand">
          <img src={icon} alt="" width="32" height="32" />
          <span>Partner portal</span>
        </div>
        <h1>{title}</h1>
        {intro ? <div className="auth-intro">{intro}</div> : null}
        {children}
        <div className="auth-footer">{footer}</div>
      </main>
      <footer className="footer">
        <a href="/status">Service status</a>
        <a href="/api/docs">API reference</a>
      </footer>
    </div>
  );
}
