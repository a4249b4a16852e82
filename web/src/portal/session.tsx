import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, isApiError, unwrap, type Environment, type PartnerMe } from '../api/client';
import { Banner, Button } from '../shared';

export const ME = ['me'] as const;

/** Who is signed in (GET /api/auth/partner/me); a 401 is the signed-out state, not a failure. */
export function useMeQuery() {
  return useQuery({ queryKey: ME, queryFn: () => unwrap(api.GET('/api/auth/partner/me')), retry: false, staleTime: 60_000 });
}

const MeContext = createContext<PartnerMe | null>(null);

/** The signed-in partner (inside RequireSession). */
export function useMe(): PartnerMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside RequireSession');
  return me;
}

export interface SignInState {
  /** Why the reader is on the sign-in page. */
  reason?: 'signed-out' | 'session-ended';
}

/** Renders its children for a signed-in partner; sends anyone else to the sign-in page, and back here after it. */
export function RequireSession({ children }: { children: ReactNode }) {
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
    return (
      <main className="page-center">
        <Banner tone="error" title="The portal cannot load your account" action={<Button onClick={() => void me.refetch()}>Try again</Button>}>
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

/** Sign out: the server ends the session and clears the cookie; the cache is emptied. */
export function useSignOut(): () => Promise<void> {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await unwrap(api.POST('/api/auth/partner/logout'));
    } catch (err) {
      // Already signed out (401) is the outcome wanted; anything else still leaves the page.
      if (!isApiError(err, 401)) console.warn('sign-out failed', err);
    }
    client.clear();
    const state: SignInState = { reason: 'signed-out' };
    navigate('/sign-in', { replace: true, state });
  };
}

export const ENV_LABEL: Record<Environment, string> = { test: 'Sandbox', live: 'Production' };
export const KEY_LABEL: Record<Environment, string> = { test: 'Sandbox key', live: 'Production key' };

/**
 * The environment every page shows, kept in the URL (?env=test|live) so a link or a reload keeps
 * it. A session opened with an API key sees its key's environment only.
 */
export function useEnvironment(): { env: Environment; locked: boolean; setEnv: (env: Environment) => void } {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const asked = params.get('env');
  const locked = me.session_environment !== null;
  const env: Environment = me.session_environment ?? (asked === 'live' || asked === 'test' ? asked : 'test');
  return {
    env,
    locked,
    setEnv: (next) => {
      const p = new URLSearchParams(params);
      p.set('env', next);
      setParams(p);
    },
  };
}
