import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, isApiError, unwrap, type AdminMe } from '../api/client';
import { Banner, Button } from '../shared';
import { useTitle } from './title';

export const ME = ['admin-me'] as const;

/** Who is signed in (GET /api/auth/admin/me): 401 is signed out; 403 is a partner's session, not an administrator's. */
export function useMeQuery() {
  return useQuery({ queryKey: ME, queryFn: () => unwrap(api.GET('/api/auth/admin/me')), retry: false, staleTime: 60_000 });
}

const MeContext = createContext<AdminMe | null>(null);

export function useMe(): AdminMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside RequireAdmin');
  return me;
}

export interface SignInState {
  reason?: 'signed-out' | 'session-ended';
}

/** A signed-in session that is not an administrator's (a partner's): this console is not for it. */
function NeedsAdministrator() {
  useTitle('This needs an administrator');
  const signOut = useSignOut();
  return (
    <main className="page-center" id="main">
      <Banner tone="warning" title="This needs an administrator" action={<Button onClick={() => void signOut()}>Sign out</Button>}>
        You are signed in, but not as an administrator: the admin console is for the platform’s operators. Partners manage their account in the{' '}
        <a href="/portal/">partner portal</a>.
      </Banner>
    </main>
  );
}

/** Renders its children for a signed-in administrator; sends anyone signed out to sign in, and back here after it. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useMeQuery();
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
    if (isApiError(me.error, 403)) return <NeedsAdministrator />;
    return (
      <main className="page-center">
        <Banner tone="error" title="The admin console cannot load your account" action={<Button onClick={() => void me.refetch()}>Try again</Button>}>
          {me.error.message}
        </Banner>
      </main>
    );
  }
  return <MeContext.Provider value={me.data}>{children}</MeContext.Provider>;
}

export function useAfterSignIn(): () => void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return () => {
    client.clear();
    const next = params.get('next');
    navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
  };
}

/** Sign out: the server ends the session (an administrator's, or a partner's that landed here) and clears the cookie. */
export function useSignOut(): () => Promise<void> {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await unwrap(api.POST('/api/auth/admin/logout'));
    } catch (err) {
      if (!isApiError(err, 401)) console.warn('sign-out failed', err);
    }
    client.clear();
    const state: SignInState = { reason: 'signed-out' };
    navigate('/sign-in', { replace: true, state });
  };
}
