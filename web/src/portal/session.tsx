import { createContext, useContext, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Environment, PartnerMe } from '../api/client';
import { SessionGate, useSignOut as useSharedSignOut } from '../shared/session';
import { signOut, useMeQuery } from './api/session';

const MeContext = createContext<PartnerMe | null>(null);

/** The signed-in partner (inside RequireSession). */
export function useMe(): PartnerMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside RequireSession');
  return me;
}

export { useAfterSignIn, type SignInState } from '../shared/session';

/** Renders its children for a signed-in partner; sends anyone else to the sign-in page, and back here after it. */
export function RequireSession({ children }: { children: ReactNode }) {
  return (
    <SessionGate me={useMeQuery()} context={MeContext} app="portal">
      {children}
    </SessionGate>
  );
}

/** Sign out: the server ends the session and clears the cookie; the cache is emptied. */
export function useSignOut(): () => Promise<void> {
  return useSharedSignOut(signOut);
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
