import type { RouteObject } from 'react-router';
import { PlaceholderScreen } from './placeholder-screen.tsx';

/**
 * Screens behind the subscription guard. Each still shows a placeholder; when its feature lands
 * the entry becomes `lazy: () => import('../../features/<screen>/<screen>-screen.tsx')...`.
 */
const placeholders: ReadonlyArray<[path: string, title: string]> = [
  ['team', 'Team'],
  ['admin/users', 'User Management'],
  ['admin/accounts', 'Account Management'],
];

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
    path: 'settings',
    lazy: () =>
      import('../../features/settings/settings-screen.tsx').then((m) => ({
        Component: m.SettingsScreen,
      })),
  },
];

export const gatedRoutes: RouteObject[] = [
  ...screens,
  ...placeholders.map(([path, title]) => ({
    path,
    element: <PlaceholderScreen title={title} />,
  })),
];
