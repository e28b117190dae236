import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { noStore, serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller, endSession, signedInCaller } from '../../plugins/auth.ts';
import * as auth from './auth.service.ts';

const api = endpoints.auth;

export const authRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // Session tokens and the signed-in user: no browser or proxy cache may keep a copy.
  app.addHook('onSend', noStore);
  // Every signed-in route here is one a temporary password's session needs: change it, see who
  // it is, check the subscription on the way (signing out needs the session alone, below).
  // A user removed from every account still reaches them: they are told so, not refused.
  const signedIn = access(deps, {
    roles: ALL_ROLES,
    subscription: false,
    temporaryPassword: true,
    accountless: true,
  });

  serve(app, api.signup, {}, async (req, _reply, input) => {
    const body = input.body();
    return auth.signup(deps, body.email, body.password, req.ip);
  });

  serve(app, api.login, {}, async (req, _reply, input) => {
    const body = input.body();
    return auth.login(deps, body.email, body.password, req.ip);
  });

  // Not behind `signedIn`: a user removed from every account has no role to check, yet signs out.
  serve(app, api.logout, {}, async (req) => {
    await endSession(deps, req);
    return { success: true } as const;
  });

  serve(app, api.me, { preHandler: signedIn }, async (req) =>
    auth.describeUser(signedInCaller(req)),
  );

  serve(app, api.forgotPassword, {}, async (_req, _reply, input) => {
    await auth.requestPasswordReset(deps, input.body().email);
    return {
      success: true,
      message: 'If an account exists for this email, a reset link has been sent.',
    } as const;
  });

  serve(app, api.resetPassword, {}, async (req, _reply, input) => {
    const body = input.body();
    await auth.resetPassword(deps, body.token, body.new_password, req.ip);
    return { success: true } as const;
  });

  serve(app, api.changePassword, { preHandler: signedIn }, async (req, _reply, input) => {
    auth.assertMayChangePassword(signedInCaller(req));
    await auth.changePassword(deps, signedInCaller(req), input.body(), req.ip);
    return { success: true } as const;
  });

  // Any role may work in another of their accounts; a temporary password first gets replaced.
  const member = access(deps, { roles: ALL_ROLES, subscription: false });
  serve(app, api.switchAccount, { preHandler: member }, async (req, _reply, input) =>
    auth.switchAccount(deps, caller(req), input.body().account_id),
  );

  serve(app, api.subscriptionStatus, { preHandler: signedIn }, async (req) =>
    auth.subscriptionStatus(deps, signedInCaller(req)),
  );
};
