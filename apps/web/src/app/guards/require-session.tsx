import { Navigate, Outlet } from 'react-router';
import { getAuthToken, isPasswordChangeRequired } from '../../lib/session.ts';

/**
 * Signed-in screens without a stored token go to /login; nothing is asked of the server. A user
 * still on a temporary password goes to /change-password first, wherever they were headed (decision
 * 013): the server answers every other call with 'Change your temporary password before using
 * Tokenwise', read-only members included, who may replace a temporary password (decision 110).
 * `signedOut="allow"` lets a screen without a token through: /billing, which the spec exempts from
 * every check and which says 'Not authenticated' itself (decision 220).
 */
export function RequireSession({ signedOut = 'login' }: { signedOut?: 'login' | 'allow' }) {
  const token = getAuthToken();
  if (!token && signedOut === 'login') return <Navigate to="/login" replace />;
  if (token && isPasswordChangeRequired()) return <Navigate to="/change-password" replace />;
  return <Outlet />;
}
