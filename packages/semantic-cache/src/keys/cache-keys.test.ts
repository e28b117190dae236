import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CacheKeyInput, cacheKeys } from './cache-keys.ts';
import { parseScope, scopeOf } from './scope.ts';

const base: CacheKeyInput = {
  accountId: 'acct_1',
  provider: 'openai',
  modelFamily: 'gpt-4o',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'What is the capital of France?' },
  ],
  params: { temperature: 0, max_tokens: 100 },
};

function keysWith(change: Partial<CacheKeyInput>) {
  return cacheKeys({ ...base, ...change });
}

describe('cacheKeys', () => {
  it('ignores key order, explicit nulls, whitespace around text and fields that never change the answer', () => {
    const same = keysWith({
      messages: [
        { content: 'Be brief.', role: 'system' },
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: '  What is the capital of France?\r\n',
              cache_control: { type: 'ephemeral' },
            },
          ],
        },
      ],
      params: {
        max_tokens: 100,
        temperature: 0,
        top_p: null,
        stream: true,
        user: 'u1',
        metadata: { a: 1 },
        safety_identifier: 'u1',
        prompt_cache_key: 'support-u1',
        service_tier: 'flex',
      },
    });
    assert.equal(same.exactKey, cacheKeys(base).exactKey);
  });

  it('changes the exact key for any field that changes the answer', () => {
    const variants: Partial<CacheKeyInput>[] = [
      { params: { temperature: 1, max_tokens: 100 } },
      { params: { temperature: 0, max_tokens: 100, tools: [{ type: 'function' }] } },
      { params: { temperature: 0, max_tokens: 100, response_format: { type: 'json_object' } } },
      { modelFamily: 'gpt-4o-mini' },
      { accountId: 'acct_2' },
      { messages: [{ role: 'user', content: 'What is the capital of France?' }] },
    ];
    const keys = new Set([cacheKeys(base).exactKey, ...variants.map((v) => keysWith(v).exactKey)]);
    assert.equal(keys.size, variants.length + 1);
  });

  it('gives the same context fingerprint to different last questions in the same conversation', () => {
    const other = keysWith({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Which city is the capital of France?' },
      ],
    });
    const original = cacheKeys(base);
    assert.equal(other.contextFingerprint, original.contextFingerprint);
    assert.notEqual(other.exactKey, original.exactKey);
    assert.equal(other.queryText, 'Which city is the capital of France?');
  });

  it('changes the context fingerprint with the system prompt, earlier turns, params or an attached image', () => {
    const fingerprints = [
      cacheKeys(base),
      keysWith({
        messages: [
          { role: 'system', content: 'Be detailed.' },
          base.messages[1] ?? { role: 'user', content: '' },
        ],
      }),
      keysWith({
        messages: [
          ...base.messages.slice(0, 1),
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
          ...base.messages.slice(1),
        ],
      }),
      keysWith({ params: { temperature: 0.7, max_tokens: 100 } }),
      keysWith({
        messages: [
          base.messages[0] ?? { role: 'system', content: '' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is the capital of France?' },
              { type: 'image_url', image_url: { url: 'data:x' } },
            ],
          },
        ],
      }),
    ].map((k) => k.contextFingerprint);
    assert.equal(new Set(fingerprints).size, fingerprints.length);
  });

  it('takes the text of the last user turn as the query, joining text parts', () => {
    const keys = keysWith({
      messages: [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'answer' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'part one' },
            { type: 'text', text: 'part two' },
          ],
        },
      ],
    });
    assert.equal(keys.queryText, 'part one\npart two');
    assert.equal(keysWith({ messages: [{ role: 'system', content: 'x' }] }).queryText, '');
  });

  it('builds scopes that cannot collide and can be read back', () => {
    const tricky = { accountId: 'a/b', provider: 'openai', modelFamily: 'c' };
    const plain = { accountId: 'a', provider: 'b/openai', modelFamily: 'c' };
    assert.notEqual(scopeOf(tricky), scopeOf(plain));
    assert.deepEqual(parseScope(scopeOf(tricky)), tricky);
    assert.equal(cacheKeys(base).scope, 'acct_1/openai/gpt-4o');
  });
});
