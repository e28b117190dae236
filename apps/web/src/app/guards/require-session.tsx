import { Navigate, Outlet } from 'react-router';
import { canChangePassword } from '../../features/change-password/change-password-rules.ts';
import {
  activeAccount,
  getAuthToken,
  getStoredUser,
  isPasswordChangeRequired,
} from '../../lib/session.ts';

/**
 * Signed-in screens without a stored token go to /login; nothing is asked of the server. A user
 * still on a temporary password goes to /change-password first, wherever they were headed, unless
 * their role may not change it (read-only), which would hold them there for good (decision 013).
 */
export function RequireSession() {
  if (!getAuthToken()) return <Navigate to="/login" replace />;
  const role = activeAccount(getStoredUser())?.role;
  if (isPasswordChangeRequired() && canChangePassword(role)) {
    return <Navigate to="/change-password" replace />;
  }
  return <Outlet />;
}
