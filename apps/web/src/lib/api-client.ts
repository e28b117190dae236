import {
  type CallArgs,
  type EndpointInput,
  type EndpointResponse,
  endpointUrl,
  type JsonEndpoint,
} from '@tokenwise/contracts';
import { ApiError } from './api-error.ts';
import { clearSession, getAuthToken } from './session.ts';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** false for the calls made before signing in: no bearer token, and a 401 is just an error. */
  auth?: boolean;
  /**
   * false when a 401 means something other than "your session is gone" (change-password answers
   * 401 for a wrong current password) or when the caller leaves anyway (logout).
   */
  redirectOnUnauthorized?: boolean;
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;

// lib/ must not import the router (imports flow lib → features → app), so the app registers how
// to get to /login; until it does, a full page load does the job.
let onUnauthorized: UnauthorizedHandler = () => window.location.assign('/login');

export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/**
 * A 401 on a call made with the session: it is gone on the server, so the browser forgets it and
 * goes to sign-in (spec section 4). Also for calls that are not JSON (file downloads).
 */
export function sessionEnded(): void {
  clearSession();
  onUnauthorized();
}

/** Calls the API with the stored bearer token; throws ApiError on any non-2xx answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).body;
}

/** A successful answer with its headers, for calls that say more there (a list's total). */
export interface ApiAnswer<T> {
  body: T;
  headers: Headers;
}

/** `apiRequest`, keeping the answer's headers. */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const { method = 'GET', body, auth = true, redirectOnUnauthorized = true, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = auth ? getAuthToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;

  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = await readJson(res);
  if (res.ok) return { body: payload as T, headers: res.headers };

  if (res.status === 401 && auth && redirectOnUnauthorized) sessionEnded();
  throw toApiError(res.status, payload);
}

export type CallOptions = Pick<RequestOptions, 'redirectOnUnauthorized' | 'signal'>;

/**
 * Calls one endpoint of the contract (`endpoints.<feature>.<call>` from @tokenwise/contracts): its
 * method and path, path params and query filled in, the body sent as JSON, the answer typed by the
 * endpoint's response schema. Public endpoints (sign-in and password reset) go without the token.
 */
export async function callEndpoint<E extends JsonEndpoint>(
  endpoint: E,
  ...args: CallArgs<E, CallOptions>
): Promise<EndpointResponse<E>> {
  return (await callEndpointWithHeaders(endpoint, ...args)).body;
}

/**
 * `callEndpoint` for helpers generic over the endpoint (shared query and mutation hooks): the
 * compiler cannot tell there whether the input may be left out, so it is always passed.
 */
export function callAnyEndpoint<E extends JsonEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
): Promise<EndpointResponse<E>> {
  return callEndpoint(endpoint, ...([input] as CallArgs<E, CallOptions>));
}

/** `callEndpoint`, keeping the answer's headers (the admin lists put their total there). */
export function callEndpointWithHeaders<E extends JsonEndpoint>(
  endpoint: E,
  ...[input, options]: CallArgs<E, CallOptions>
): Promise<ApiAnswer<EndpointResponse<E>>> {
  const call = (input ?? {}) as EndpointInput<E>;
  return apiRequestWithHeaders<EndpointResponse<E>>(endpointUrl(endpoint, call), {
    method: endpoint.method,
    body: call.body,
    auth: !endpoint.public,
    ...options,
  });
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const fields = typeof payload === 'object' && payload !== null ? payload : {};
  const code = 'error' in fields && typeof fields.error === 'string' ? fields.error : undefined;
  const message =
    'message' in fields && typeof fields.message === 'string' && fields.message
      ? fields.message
      : undefined;
  return new ApiError(status, code, message);
}
