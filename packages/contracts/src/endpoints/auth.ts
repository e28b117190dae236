import {
  AuthResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SessionUser,
  SignupRequest,
  SubscriptionStatusResponse,
  SwitchAccountRequest,
} from '../auth.ts';
import { SuccessResponse } from '../common.ts';
import { jsonEndpoint } from '../endpoint.ts';

export const authEndpoints = {
  /** Creates the user and its account, and signs in as them. */
  signup: jsonEndpoint({
    method: 'POST',
    path: '/v1/auth/signup',
    body: SignupRequest,
    response: AuthResponse,
    public: true,
    status: 201,
  }),
  login: jsonEndpoint({
    method: 'POST',
    path: '/v1/auth/login',
    body: LoginRequest,
    response: AuthResponse,
    public: true,
  }),
  logout: jsonEndpoint({ method: 'POST', path: '/v1/auth/logout', response: SuccessResponse }),
  me: jsonEndpoint({ method: 'GET', path: '/v1/auth/me', response: SessionUser }),
  /** The same answer whether or not the email has an account. */
  forgotPassword: jsonEndpoint({
    method: 'POST',
    path: '/v1/auth/forgot-password',
    body: ForgotPasswordRequest,
    response: SuccessResponse,
    public: true,
  }),
  resetPassword: jsonEndpoint({
    method: 'POST',
    path: '/v1/auth/reset-password',
    body: ResetPasswordRequest,
    response: SuccessResponse,
    public: true,
  }),
  /** 401 means a wrong current password here, not an expired session. */
  changePassword: jsonEndpoint({
    method: 'POST',
    path: '/v1/auth/change-password',
    body: ChangePasswordRequest,
    response: SuccessResponse,
  }),
  /**
   * Works in another of the caller's accounts from now on, in this session only; answers the user
   * with that account first. An account the caller is not in is the same 404 as a missing one.
   */
  switchAccount: jsonEndpoint({
    method: 'PUT',
    path: '/v1/auth/active-account',
    body: SwitchAccountRequest,
    response: SessionUser,
  }),
  subscriptionStatus: jsonEndpoint({
    method: 'GET',
    path: '/v1/auth/subscription-status',
    response: SubscriptionStatusResponse,
  }),
};
