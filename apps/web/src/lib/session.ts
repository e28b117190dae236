import { type AccountSummary, SessionUser } from '@tokenwise/contracts';

// The keys the spec fixes (section 9); other tabs and older builds read the same ones.
export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'user';
/**
 * Set while the signed-in user still holds a temporary (or reset-required) password: every
 * signed-in screen sends them to /change-password until they pick their own (decision 013).
 */
export const PASSWORD_CHANGE_KEY = 'password_change_required';

export type StoredUser =
  | { status: 'missing' }
  | { status: 'invalid' }
  | { status: 'ok'; user: SessionUser };

export function saveSession(
  token: string,
  user: SessionUser,
  { passwordChangeRequired = false } = {},
): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  if (passwordChangeRequired) localStorage.setItem(PASSWORD_CHANGE_KEY, '1');
  else localStorage.removeItem(PASSWORD_CHANGE_KEY);
}

/** The user as the server sees them now; ignored once signed out (a late answer). */
export function refreshStoredUser(user: SessionUser): void {
  if (getAuthToken() === null) return;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(PASSWORD_CHANGE_KEY);
}

/** Whether the user must choose a new password before using the dashboard. */
export function isPasswordChangeRequired(): boolean {
  return localStorage.getItem(PASSWORD_CHANGE_KEY) !== null;
}

/** The password was changed: the dashboard opens up. */
export function markPasswordChanged(): void {
  localStorage.removeItem(PASSWORD_CHANGE_KEY);
}

export function getAuthToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** Tells a missing user apart from a corrupted one: billing reports them differently. */
export function readStoredUser(): StoredUser {
  const raw = localStorage.getItem(USER_KEY);
  if (raw === null) return { status: 'missing' };
  try {
    const parsed = SessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? { status: 'ok', user: parsed.data } : { status: 'invalid' };
  } catch {
    return { status: 'invalid' };
  }
}

export function getStoredUser(): SessionUser | null {
  const stored = readStoredUser();
  return stored.status === 'ok' ? stored.user : null;
}

/** The first account in the list is the one the dashboard works in (spec section 3). */
export function activeAccount(user: SessionUser | null): AccountSummary | null {
  return user?.accounts[0] ?? null;
}

/** The active account's id in a stored user's JSON (null when there is none or it is unreadable). */
function activeAccountId(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const parsed = SessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data.accounts[0]?.id ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Calls `onChange` when another tab of this browser signs out, signs in as someone else or
 * switches the session's active account: tabs share the token, so this tab's screens and cached
 * answers now belong to an account its next call no longer works in. `signedIn` says whether a
 * token is left. A tab that was signed out is not moved by another's sign-in. Returns the unsubscribe.
 */
export function watchSessionElsewhere(onChange: (signedIn: boolean) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === null) {
      onChange(getAuthToken() !== null); // storage cleared
      return;
    }
    if (event.oldValue === null || event.oldValue === event.newValue) return;
    if (event.key === TOKEN_KEY) onChange(event.newValue !== null);
    else if (
      event.key === USER_KEY &&
      event.newValue !== null &&
      activeAccountId(event.oldValue) !== activeAccountId(event.newValue)
    ) {
      onChange(true);
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
