import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
} from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { hasActiveSubscription } from '../../domain/billing/subscription.repository.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller } from '../../plugins/auth.ts';
import * as auth from './auth.service.ts';

export const authRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const signedIn = access(deps, { roles: ALL_ROLES, subscription: false });

  app.post('/v1/auth/signup', async (req, reply) => {
    const body = parseInput(SignupRequest, req.body);
    reply.code(201);
    return auth.signup(deps, body.email, body.password);
  });

  app.post('/v1/auth/login', async (req) => {
    const body = parseInput(LoginRequest, req.body);
    return auth.login(deps, body.email, body.password, req.ip);
  });

  app.post('/v1/auth/logout', { preHandler: signedIn }, async (req) => {
    await auth.logout(deps, caller(req));
    return { success: true };
  });

  app.get('/v1/auth/me', { preHandler: signedIn }, async (req) =>
    auth.describeUser(deps, caller(req).user.id),
  );

  app.post('/v1/auth/forgot-password', async (req) => {
    const body = parseInput(ForgotPasswordRequest, req.body);
    await auth.requestPasswordReset(deps, body.email);
    return {
      success: true,
      message: 'If an account exists for this email, a reset link has been sent.',
    };
  });

  app.post('/v1/auth/reset-password', async (req) => {
    const body = parseInput(ResetPasswordRequest, req.body);
    await auth.resetPassword(deps, body.token, body.new_password);
    return { success: true };
  });

  app.post('/v1/auth/change-password', { preHandler: signedIn }, async (req) => {
    const body = parseInput(ChangePasswordRequest, req.body);
    await auth.changePassword(deps, caller(req), body);
    return { success: true };
  });

  app.get('/v1/auth/subscription-status', { preHandler: signedIn }, async (req) => ({
    has_active_subscription: await hasActiveSubscription(
      deps.db.kysely,
      caller(req).account.id,
      deps.clock(),
    ),
  }));
};
