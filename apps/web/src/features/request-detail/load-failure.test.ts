import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../lib/api-error.ts';
import { isRequestNotFound } from './load-failure.ts';

test('a 404 is "Request not found"', () => {
  assert.equal(isRequestNotFound(new ApiError(404, 'not_found', 'Request not found')), true);
});

test('an id the API refuses to read (too long to be one it issued) is not found either', () => {
  // GET /v1/analytics/requests/<101 characters> answers 400 validation_error: the id is the call's
  // only input, so no request has it (spec: 404 'Request not found').
  const tooLong = new ApiError(400, 'validation_error', 'ID must be at most 100 characters');
  assert.equal(isRequestNotFound(tooLong), true);
});

test('other failures are "Failed to load request details"', () => {
  assert.equal(isRequestNotFound(new ApiError(500, 'internal_error', 'boom')), false);
  assert.equal(isRequestNotFound(new ApiError(402, 'subscription_required', undefined)), false);
  assert.equal(isRequestNotFound(new TypeError('Failed to fetch')), false);
});
