import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Endpoint, endpoints, SignupRequest } from '@tokenwise/contracts';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { parseInput, unstorableTextMessage } from './validate.ts';

/** The 400's message parseInput gives for `input`, or fails the test when it parses. */
function refusal(schema: z.ZodType, input: unknown): string {
  try {
    parseInput(schema, input);
  } catch (err) {
    assert.ok(err instanceof AppError);
    assert.equal(err.statusCode, 400);
    return err.message;
  }
  assert.fail(`parsed: ${JSON.stringify(input).slice(0, 80)}`);
}

// Zod's default sentences, as the issue saw them on the signup screen.
const SCHEMA_TALK = /Too big|Too small|Invalid input|Invalid option|expected|received|Unrecognized/;

describe('parseInput words a refusal for a person', () => {
  test('signup: the issue’s over-long email, a missing field, a wrong type', () => {
    const long = `${'a'.repeat(300)}@b.co`;
    assert.equal(
      refusal(SignupRequest, { email: long, password: 'xxxxxxxx' }),
      'Email must be at most 254 characters',
    );
    assert.equal(refusal(SignupRequest, { password: 'xxxxxxxx' }), 'Email is required');
    assert.equal(refusal(SignupRequest, { email: 'a@b.co', password: 5 }), 'Password must be text');
    assert.equal(
      refusal(SignupRequest, { email: 'nope', password: 'xxxxxxxx' }),
      'Enter a valid email address',
    );
  });

  test('a schema’s own text still wins over the generic wording', () => {
    const schema = z.object({ name: z.string().max(3, 'Name is too long') });
    assert.equal(refusal(schema, { name: 'abcd' }), 'Name is too long');
  });

  test('fields are named by label: snake case, acronyms, list items', () => {
    const schema = z.strictObject({
      api_key: z.string().min(5),
      webhook_url: z.url().optional(),
      tags: z
        .array(z.enum(['a', 'b']))
        .max(2)
        .optional(),
      limit: z.number().int().max(10).optional(),
    });
    assert.equal(refusal(schema, { api_key: 'abc' }), 'API key must be at least 5 characters');
    assert.equal(
      refusal(schema, { api_key: 'abcde', webhook_url: 'nope' }),
      'Webhook URL must be a valid URL',
    );
    assert.equal(refusal(schema, { api_key: 'abcde', tags: ['c'] }), 'Tags must be one of a, b');
    assert.equal(
      refusal(schema, { api_key: 'abcde', tags: ['a', 'a', 'a'] }),
      'Tags must be at most 2 items',
    );
    assert.equal(refusal(schema, { api_key: 'abcde', limit: 11 }), 'Limit must be at most 10');
    assert.equal(refusal(schema, { api_key: 'abcde', extra: 1 }), 'Unknown field: extra');
    assert.equal(refusal(schema, 'text'), 'Request must be an object');
  });

  test('a body of either shape says what the nearer shape lacks', () => {
    const schema = z.union([
      z.object({ enabled: z.boolean() }),
      z.object({ name: z.string(), limit: z.number() }),
    ]);
    assert.equal(refusal(schema, {}), 'Enabled is required');
  });

  // Every body the dashboard's forms send, spoiled one field at a time: no answer may read like zod.
  test('no contract body answers bad input in schema talk', () => {
    const bodies = Object.values(endpoints)
      .flatMap((feature) => Object.values(feature as Record<string, Endpoint>))
      .flatMap((endpoint) => (endpoint.body ? [endpoint.body] : []));
    assert.ok(bodies.length > 10, `found ${bodies.length} bodies`);
    const spoilers: unknown[] = ['x'.repeat(5000), 12345, [], -1, 'not-a-value'];
    let refused = 0;
    for (const body of bodies) {
      const shape = body instanceof z.ZodObject ? (body.shape as Record<string, unknown>) : {};
      const inputs: unknown[] = [
        {},
        'text',
        ...Object.keys(shape).flatMap((key) => spoilers.map((bad) => ({ [key]: bad }))),
      ];
      for (const input of inputs) {
        const outcome = body.safeParse(input);
        if (outcome.success) continue;
        const message = refusal(body, input);
        refused++;
        assert.doesNotMatch(
          message,
          SCHEMA_TALK,
          `${JSON.stringify(input).slice(0, 60)} → ${message}`,
        );
      }
    }
    assert.ok(refused > 50, `only ${refused} refusals were checked`);
  });
});

describe('unstorableTextMessage', () => {
  test('names the first NUL or half surrogate pair by its path, however deep', () => {
    assert.equal(
      unstorableTextMessage({ a: 'ok', b: [{ c: 'x\u0000' }], d: '\ud800' }, 'body'),
      'b.0.c must not contain NUL characters',
    );
    assert.equal(
      unstorableTextMessage(['\udfff'], 'body'),
      '0 must not contain broken characters (half a surrogate pair)',
    );
    assert.equal(unstorableTextMessage('\u0000', 'body'), 'body must not contain NUL characters');
    assert.equal(unstorableTextMessage({ emoji: '\ud83d\udd11' }, 'body'), undefined);
    // A signed webhook's event is parsed with no depth cap: 100,000 levels overflowed a recursion.
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.match(unstorableTextMessage(deep, 'body') ?? '', /^0(\.0)+ must not contain NUL/);
  });
});
