import { RouterProvider } from 'react-router/dom';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { watchSessionElsewhere } from '../lib/session.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { SIGNED_OUT_PATHS } from './routes/public-routes.tsx';

const queryClient = createQueryClient();
const router = createAppRouter();

// A 401 means the session is gone: drop whatever the last user's screens had cached, then sign in.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});

// Another tab signed out, signed in as someone else or switched the account: what this tab shows
// belongs to the session it had. Signed out, it goes to sign-in; otherwise the app loads afresh at
// /dashboard, as a switch does in its own tab.
watchSessionElsewhere((signedIn) => {
  if (SIGNED_OUT_PATHS.includes(window.location.pathname)) return;
  queryClient.clear();
  if (signedIn) window.location.assign('/dashboard');
  else void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
