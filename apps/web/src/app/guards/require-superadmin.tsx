import { Outlet } from 'react-router';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { getStoredUser } from '../../lib/session.ts';

/**
 * The admin console opens only for a stored superadmin; anyone else who types the address sees
 * 'Not authorised' and nothing is asked of the server. The server refuses them (403) regardless,
 * and the screens show the same page on a 403 (a stale stored flag).
 */
export function RequireSuperadmin() {
  return getStoredUser()?.is_superadmin ? <Outlet /> : <NotAuthorised />;
}
