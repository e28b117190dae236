import type { RouteObject } from 'react-router';
import { PlaceholderScreen } from './placeholder-screen.tsx';

/**
 * Screens behind the subscription guard. Each still shows a placeholder; when its feature lands
 * the entry becomes `lazy: () => import('../../features/<screen>/<screen>-screen.tsx')...`.
 */
const placeholders: ReadonlyArray<[path: string, title: string]> = [
  ['dashboard', 'Dashboard'],
  ['api-keys', 'API Keys'],
  ['optimization', 'Optimization'],
  ['semantic-cache', 'Semantic Cache'],
  ['routing', 'Smart Routing'],
  ['savings', 'Savings'],
  ['evals', 'Evaluations'],
  ['alerts', 'Alerts & Notifications'],
  ['settings', 'Settings'],
  ['team', 'Team'],
  ['requests/:requestId', 'Request Details'],
  ['admin/users', 'User Management'],
  ['admin/accounts', 'Account Management'],
];

export const gatedRoutes: RouteObject[] = placeholders.map(([path, title]) => ({
  path,
  element: <PlaceholderScreen title={title} />,
}));
