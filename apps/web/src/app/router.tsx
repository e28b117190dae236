import { useEffect } from 'react';
import { createBrowserRouter, Navigate, useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { RequireSession } from './guards/require-session.tsx';
import { SubscriptionGuard } from './guards/subscription-guard.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { gatedRoutes } from './routes/gated-routes.tsx';
import { NotFoundScreen } from './routes/not-found-screen.tsx';
import { billingRoute, publicRoutes } from './routes/public-routes.tsx';

function RouteErrorFallback() {
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);
  return <ErrorFallback />;
}

/**
 * The route table of spec section 2. /billing needs no subscription (it is where one is started)
 * and no stored session (it says 'Not authenticated' itself, decision 220). Unknown paths get a
 * 'Page not found' screen with a way back (decision 016).
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      errorElement: <RouteErrorFallback />,
      HydrateFallback: PageLoader,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        ...publicRoutes,
        // The session check comes before the layout, so a signed-out visit never draws the frame.
        // Spec section 2: no check is made on /billing; signed out, it says 'Not authenticated'.
        {
          element: <RequireSession signedOut="allow" />,
          children: [{ element: <AppLayout />, children: [billingRoute] }],
        },
        {
          element: <RequireSession />,
          children: [
            {
              element: <AppLayout />,
              children: [{ element: <SubscriptionGuard />, children: gatedRoutes }],
            },
          ],
        },
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ]);
}
