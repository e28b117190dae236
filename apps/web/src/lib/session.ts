import { type AccountSummary, SessionUser } from '@tokenwise/contracts';

// The keys the spec fixes (section 9); other tabs and older builds read the same ones.
export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'user';

export type StoredUser =
  | { status: 'missing' }
  | { status: 'invalid' }
  | { status: 'ok'; user: SessionUser };

export function saveSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
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
