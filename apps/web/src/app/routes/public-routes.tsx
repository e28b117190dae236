import type { RouteObject } from 'react-router';

/**
 * Screens used without a session (signing in, resetting a password), which a session changing in
 * another tab leaves where they are.
 */
export const SIGNED_OUT_PATHS = [
  '/login',
  '/login/sso',
  '/signup',
  '/forgot-password',
  '/reset-password',
];

/** Signed-out screens: no sidebar and no subscription check. Each is its own chunk. */
export const publicRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: () =>
      import('../../features/login/login-screen.tsx').then((m) => ({ Component: m.LoginScreen })),
  },
  {
    // SAML_CALLBACK_PATH: where the ACS sends the browser with its one-time code.
    path: 'login/sso',
    lazy: () =>
      import('../../features/login/sso-callback-screen.tsx').then((m) => ({
        Component: m.SsoCallbackScreen,
      })),
  },
  {
    path: 'signup',
    lazy: () =>
      import('../../features/signup/signup-screen.tsx').then((m) => ({
        Component: m.SignupScreen,
      })),
  },
  {
    path: 'forgot-password',
    lazy: () =>
      import('../../features/forgot-password/forgot-password-screen.tsx').then((m) => ({
        Component: m.ForgotPasswordScreen,
      })),
  },
  {
    path: 'reset-password',
    lazy: () =>
      import('../../features/reset-password/reset-password-screen.tsx').then((m) => ({
        Component: m.ResetPasswordScreen,
      })),
  },
  {
    path: 'change-password',
    lazy: () =>
      import('../../features/change-password/change-password-screen.tsx').then((m) => ({
        Component: m.ChangePasswordScreen,
      })),
  },
];

export const billingRoute: RouteObject = {
  path: 'billing',
  lazy: () =>
    import('../../features/billing/billing-screen.tsx').then((m) => ({
      Component: m.BillingScreen,
    })),
};
