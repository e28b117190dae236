import type { RouteObject } from 'react-router';
import { RequireSuperadmin } from '../guards/require-superadmin.tsx';

/** The platform console: superadmins only, everyone else sees 'Not authorised'. */
const adminScreens: RouteObject = {
  element: <RequireSuperadmin />,
  children: [
    {
      path: 'admin/users',
      lazy: () =>
        import('../../features/admin-users/admin-users-screen.tsx').then((m) => ({
          Component: m.AdminUsersScreen,
        })),
    },
    {
      path: 'admin/accounts',
      lazy: () =>
        import('../../features/admin-accounts/admin-accounts-screen.tsx').then((m) => ({
          Component: m.AdminAccountsScreen,
        })),
    },
  ],
};

/** Built screens, each loaded on demand as its own chunk. */
const screens: RouteObject[] = [
  {
    path: 'alerts',
    lazy: () =>
      import('../../features/alerts/alerts-screen.tsx').then((m) => ({
        Component: m.AlertsScreen,
      })),
  },
  {
    path: 'semantic-cache',
    lazy: () =>
      import('../../features/semantic-cache/semantic-cache-screen.tsx').then((m) => ({
        Component: m.SemanticCacheScreen,
      })),
  },
  {
    path: 'routing',
    lazy: () =>
      import('../../features/routing/routing-screen.tsx').then((m) => ({
        Component: m.RoutingScreen,
      })),
  },
  {
    path: 'dashboard',
    lazy: () =>
      import('../../features/dashboard/dashboard-screen.tsx').then((m) => ({
        Component: m.DashboardScreen,
      })),
  },
  {
    path: 'requests/:requestId',
    lazy: () =>
      import('../../features/request-detail/request-detail-screen.tsx').then((m) => ({
        Component: m.RequestDetailScreen,
      })),
  },
  {
    path: 'savings',
    lazy: () =>
      import('../../features/savings/savings-screen.tsx').then((m) => ({
        Component: m.SavingsScreen,
      })),
  },
  {
    path: 'evals',
    lazy: () =>
      import('../../features/evals/evals-screen.tsx').then((m) => ({
        Component: m.EvalsScreen,
      })),
  },
  {
    path: 'api-keys',
    lazy: () =>
      import('../../features/api-keys/api-keys-screen.tsx').then((m) => ({
        Component: m.ApiKeysScreen,
      })),
  },
  {
    path: 'optimization',
    lazy: () =>
      import('../../features/optimization/optimization-screen.tsx').then((m) => ({
        Component: m.OptimizationScreen,
      })),
  },
  {
    path: 'team',
    lazy: () =>
      import('../../features/team/team-screen.tsx').then((m) => ({ Component: m.TeamScreen })),
  },
  {
    path: 'settings',
    lazy: () =>
      import('../../features/settings/settings-screen.tsx').then((m) => ({
        Component: m.SettingsScreen,
      })),
  },
];

/** Every screen behind the subscription guard. */
export const gatedRoutes: RouteObject[] = [...screens, adminScreens];
