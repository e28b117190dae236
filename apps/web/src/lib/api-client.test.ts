/// <reference types="node" />
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import {
  apiRequest,
  callEndpoint,
  callEndpointWithHeaders,
  setUnauthorizedHandler,
} from './api-client.ts';
import { ApiError, errorMessage } from './api-error.ts';
import { getAuthToken, saveSession } from './session.ts';
import { sessionUser } from './testing/fixtures.ts';
import { installMemoryStorage } from './testing/memory-storage.ts';

interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

/** Answers every fetch with one status and JSON body, remembering what was sent. */
function answerWith(status: number, body: unknown): SeenRequest[] {
  const seen: SeenRequest[] = [];
  globalThis.fetch = async (input, init) => {
    seen.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'X-Total-Count': '1234' },
    });
  };
  return seen;
}

/** Before each test: a stored session, and a fresh count of the redirects to sign-in asked for. */
function signedInEachTest(): { redirects: number } {
  const session = { redirects: 0 };
  beforeEach(() => {
    installMemoryStorage();
    saveSession('token-123', sessionUser());
    session.redirects = 0;
    setUnauthorizedHandler(() => {
      session.redirects += 1;
    });
  });
  return session;
}

describe('apiRequest', () => {
  const session = signedInEachTest();

  test('sends the stored token as a bearer header and JSON bodies', async () => {
    const seen = answerWith(200, { ok: true });
    const answer = await apiRequest<{ ok: boolean }>('/v1/things', {
      method: 'POST',
      body: { name: 'x' },
    });
    assert.deepEqual(answer, { ok: true });
    assert.equal(seen[0]?.headers.get('authorization'), 'Bearer token-123');
    assert.equal(seen[0]?.headers.get('content-type'), 'application/json');
    assert.equal(seen[0]?.body, '{"name":"x"}');
  });

  test('calls made before signing in carry no token', async () => {
    const seen = answerWith(200, {});
    await apiRequest('/v1/auth/login', { method: 'POST', body: {}, auth: false });
    assert.equal(seen[0]?.headers.get('authorization'), null);
  });

  test('a 401 clears the session and sends the user to sign in', async () => {
    answerWith(401, { error: 'unauthorized', message: 'Session expired. Please sign in again.' });
    await assert.rejects(apiRequest('/v1/keys'), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.status, 401);
      assert.equal(err.message, 'Session expired. Please sign in again.');
      return true;
    });
    assert.equal(getAuthToken(), null);
    assert.equal(localStorage.getItem('user'), null);
    assert.equal(session.redirects, 1);
  });

  test('a 401 with the opt-out (wrong current password) keeps the session', async () => {
    answerWith(401, {
      error: 'invalid_current_password',
      message: 'Current password is incorrect',
    });
    await assert.rejects(
      apiRequest('/v1/auth/change-password', { method: 'POST', redirectOnUnauthorized: false }),
      ApiError,
    );
    assert.equal(getAuthToken(), 'token-123');
    assert.equal(session.redirects, 0);
  });

  test('a 401 from a sign-in call is just an error', async () => {
    answerWith(401, { error: 'invalid_credentials', message: 'Invalid email or password' });
    await assert.rejects(apiRequest('/v1/auth/login', { method: 'POST', auth: false }), ApiError);
    assert.equal(session.redirects, 0);
  });

  test('errors carry the status, code and server message', async () => {
    answerWith(409, { error: 'conflict', message: 'An account with this email already exists' });
    const err = await apiRequest('/v1/auth/signup', { auth: false }).catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 409);
    assert.equal(err.code, 'conflict');
    assert.equal(errorMessage(err, 'fallback'), 'An account with this email already exists');
  });

  test('an answer without a message falls back to the screen text', async () => {
    answerWith(502, undefined);
    const err = await apiRequest('/v1/things').catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 502);
    assert.equal(errorMessage(err, 'Failed to start checkout'), 'Failed to start checkout');
  });
});

describe('callEndpoint', () => {
  const session = signedInEachTest();

  test('takes method and path from the endpoint, path params encoded, query values as text', async () => {
    const seen = answerWith(200, { success: true });
    await callEndpoint(endpoints.semanticCache.invalidatePattern, {
      params: { pattern: 'refund */policy' },
    });
    assert.equal(seen[0]?.method, 'DELETE');
    assert.equal(seen[0]?.url, '/v1/semantic-cache/invalidate/refund%20*%2Fpolicy');
    assert.equal(seen[0]?.headers.get('authorization'), 'Bearer token-123');

    await callEndpoint(endpoints.semanticCache.entries, { query: { limit: 20, offset: 40 } });
    assert.equal(seen[1]?.url, '/v1/semantic-cache/entries?limit=20&offset=40');
  });

  test('a public endpoint goes without the token, and its 401 keeps the session', async () => {
    const seen = answerWith(401, { error: 'invalid_credentials', message: 'Invalid email' });
    await assert.rejects(
      callEndpoint(endpoints.auth.login, { body: { email: 'a@b.co', password: 'x' } }),
      ApiError,
    );
    assert.equal(seen[0]?.method, 'POST');
    assert.equal(seen[0]?.headers.get('authorization'), null);
    assert.equal(seen[0]?.body, '{"email":"a@b.co","password":"x"}');
    assert.equal(getAuthToken(), 'token-123');
    assert.equal(session.redirects, 0);
  });

  test('the headers form keeps the answer headers beside the body (a list total)', async () => {
    const seen = answerWith(200, [{ id: 'u1' }]);
    const answer = await callEndpointWithHeaders(endpoints.admin.users, {
      query: { search: 'ada', offset: 50 },
    });
    assert.equal(seen[0]?.url, '/v1/admin/users?search=ada&offset=50');
    assert.deepEqual(answer.body, [{ id: 'u1' }]);
    assert.equal(answer.headers.get('x-total-count'), '1234');
  });
});
