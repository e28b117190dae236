import { Navigate, Outlet } from 'react-router';
import { getAuthToken } from '../../lib/session.ts';

/** Signed-in screens without a stored token go to /login; nothing is asked of the server. */
export function RequireSession() {
  return getAuthToken() ? <Outlet /> : <Navigate to="/login" replace />;
}
