import type { SessionUser } from '@tokenwise/contracts';

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    is_superadmin: false,
    accounts: [{ id: 'account-1', name: "ada's team", role: 'owner' }],
    ...overrides,
  };
}
