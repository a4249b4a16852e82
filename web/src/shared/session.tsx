/**
 * What the portal and the admin console do alike around a session: the gate that renders a page only
 * for a signed-in account, the step after a sign-in, and sign-out. Each entry brings its own "who is
 * signed in" query and sign-out call (web/src/<entry>/session.tsx).
 */
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type Context, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/client';
import { Banner } from './Banner';
import { Button } from './Button';

export interface SignInState {
  /** Why the reader is on the sign-in page. */
  reason?: 'signed-out' | 'session-ended';
}

interface GateProps<T> {
  me: UseQueryResult<T, Error>;
  context: Context<T | null>;
  /** The app's name in the message shown when the account cannot be loaded. */
  app: string;
  /** What a 403 shows (a session of the other role), when the entry tells it apart. */
  forbidden?: ReactNode;
  children: ReactNode;
}

/** Renders its children for a signed-in account; sends anyone signed out to sign in, and back here after it. */
export function SessionGate<T>({ me, context: MeContext, app, forbidden, children }: GateProps<T>) {
  const location = useLocation();
  if (me.isPending) {
    return (
      <p className="page-loading" aria-busy="true">
        Loading…
      </p>
    );
  }
  if (me.isError) {
    if (isApiError(me.error, 401)) {
      const next = location.pathname + location.search;
      const state: SignInState = { reason: me.data ? 'session-ended' : undefined };
      return <Navigate to={`/sign-in${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`} replace state={state} />;
    }
    if (forbidden && isApiError(me.error, 403)) return <>{forbidden}</>;
    return (
      <main className="page-center">
        <Banner tone="error" title={`The ${app} cannot load your account`} action={<Button onClick={() => void me.refetch()}>Try again</Button>}>
          {me.error.message}
        </Banner>
      </main>
    );
  }
  return <MeContext.Provider value={me.data}>{children}</MeContext.Provider>;
}

/** After a sign-in: nothing of an earlier session stays cached, then on to where the reader was going. */
export function useAfterSignIn(): () => void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return () => {
    client.clear();
    const next = params.get('next');
    // Only a path of this app: never an address elsewhere.
    navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
  };
}

/** Sign out: `logout` asks the server to end the session and clear the cookie; the cache is emptied either way. */
export function useSignOut(logout: () => Promise<unknown>): () => Promise<void> {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch (err) {
      // Already signed out (401) is the outcome wanted; anything else still leaves the page.
      if (!isApiError(err, 401)) console.warn('sign-out failed', err);
    }
    client.clear();
    const state: SignInState = { reason: 'signed-out' };
    navigate('/sign-in', { replace: true, state });
  };
}

/** The top bar's Sign out: busy from the click until the sign-in page shows. */
export function SignOutButton({ signOut }: { signOut: () => Promise<void> }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      variant="quiet"
      busy={leaving}
      onClick={() => {
        setLeaving(true);
        void signOut();
      }}
    >
      Sign out
    </Button>
  );
}
