import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.js';
import { FullPageLoader } from '../../../components/ui/page-states.js';
import { useLogout } from '../../../lib/auth.js';

/** /logout: ends the session, then goes to the login page. */
export function LogoutPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    logout.mutate(undefined, { onSettled: () => void navigate(paths.login, { replace: true }) });
  }, [logout, navigate]);

  return <FullPageLoader label="Signing out..." />;
}
