import { createContext, useContext, type ReactNode } from 'react';
import type { AdminMe } from '../api/client';
import { Banner, Button } from '../shared';
import { SessionGate, useSignOut as useSharedSignOut } from '../shared/session';
import { signOut, useMeQuery } from './api/session';
import { useTitle } from './title';

const MeContext = createContext<AdminMe | null>(null);

export function useMe(): AdminMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside RequireAdmin');
  return me;
}

export { useAfterSignIn, type SignInState } from '../shared/session';

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
  return (
    <SessionGate me={useMeQuery()} context={MeContext} app="admin console" forbidden={<NeedsAdministrator />}>
      {children}
    </SessionGate>
  );
}

/** Sign out: the server ends the session (an administrator's, or a partner's that landed here) and clears the cookie. */
export function useSignOut(): () => Promise<void> {
  return useSharedSignOut(signOut);
}
