import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { looksLikeCode } from './looks-like-code.ts';

describe('looksLikeCode', () => {
  it('recognises lines of code in several languages', () => {
    for (const line of [
      'const res = await fetch(url);',
      'def chunks(items, n):',
      '    out.append(items[i:i + n])',
      'SELECT user_id, count(*) AS sessions',
      'FROM node:20',
      'apiVersion: apps/v1',
      '  File "/app/main.py", line 41, in get_price',
      'httpx.ConnectError: [Errno 24] Too many open files',
      '}',
    ]) {
      assert.ok(looksLikeCode(line), line);
    }
  });

  it('does not mistake prose for code', () => {
    for (const line of [
      'The historic tram winds through the old neighbourhoods of the city.',
      'Access to production is limited to a small group of engineers, requires keys and is logged centrally;',
      'for example, the following:',
      'Question: how do I reset my password?',
      '- boots and a warm jacket',
    ]) {
      assert.ok(!looksLikeCode(line), line);
    }
  });
});
