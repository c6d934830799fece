import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths.js';
import { FullPageError, FullPageLoader } from '../components/ui/page-states.js';
import { useMe } from './auth.js';

/** Where the login page sends the user back to (router state set by the guard). */
export interface LoginRedirectState {
  from?: string;
}

/**
 * The guard (spec §2): waits for the session check, then sends a visitor to /login, remembering
 * the page they asked for so the login can bring them back.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullPageLoader label="Checking your session..." />;
  if (me.isError) return <FullPageError error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) {
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  // The account's owner requires a second factor (issue 34): set it up before anything else of it.
  const current = me.data.accounts.find((a) => a.id === me.data?.currentAccountId) ?? me.data.accounts[0];
  const isOpenWithoutFactor = location.pathname === paths.security || location.pathname === paths.accounts;
  if (current?.requireSecondFactor && !me.data.hasSecondFactor && !isOpenWithoutFactor) {
    return <Navigate to={paths.security} replace />;
  }
  return children;
}
