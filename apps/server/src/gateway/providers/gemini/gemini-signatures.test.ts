import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bodyOf, META, targetFor, translate } from '../testing/fixtures.ts';
import { geminiAdapter } from './adapter.ts';

const target = targetFor('gemini');
const signed = (signature: string) => ({ google: { thought_signature: signature } });

test('answer: parallel calls, only the first signed (Gemini 3); a leading text signature (2.5) goes on the message', () => {
  const res = geminiAdapter.chatResponse(
    {
      candidates: [
        {
          content: {
            parts: [
              { text: 'Checking both.', thoughtSignature: 'sig-text' },
              {
                functionCall: { name: 'temp', args: { city: 'Paris' } },
                thoughtSignature: 'sig-1',
              },
              { functionCall: { name: 'temp', args: { city: 'London' } } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
    },
    target,
    'x',
  );
  const message = res.choices[0]?.message;
  assert.deepEqual(message?.extra_content, signed('sig-text'));
  assert.deepEqual(
    message?.tool_calls?.map((c) => c.extra_content),
    [signed('sig-1'), undefined],
  );
  assert.ok(message?.tool_calls?.[1] && !('extra_content' in message.tool_calls[1]));
});

test('stream: a signature alone on an empty text part still reaches the caller', () => {
  const chunks = translate(geminiAdapter.streamTranslator(target, META), [
    { candidates: [{ content: { parts: [{ text: 'Done.' }] } }] },
    {
      candidates: [
        { content: { parts: [{ text: '', thoughtSignature: 'sig-end' }] }, finishReason: 'STOP' },
      ],
    },
  ]);
  const carrying = chunks.filter((c) => c.choices[0]?.delta.extra_content);
  assert.equal(carrying.length, 1);
  assert.deepEqual(carrying[0]?.choices[0]?.delta, { extra_content: signed('sig-end') });
});

test('request: signatures go back on their parts; a text signature without text is dropped', () => {
  const body = bodyOf(
    geminiAdapter.chatRequest(
      {
        model: 'm',
        messages: [
          { role: 'user', content: 'Weather?' },
          {
            role: 'assistant',
            content: 'Checking both.',
            extra_content: signed('sig-text'),
            tool_calls: [
              {
                id: 'a',
                type: 'function',
                function: { name: 'temp', arguments: '{"city":"Paris"}' },
                extra_content: signed('sig-1'),
              },
              { id: 'b', type: 'function', function: { name: 'temp', arguments: '{}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'a', content: '15C' },
          { role: 'tool', tool_call_id: 'b', content: '12C' },
          { role: 'user', content: 'Thanks' },
          { role: 'assistant', content: null, extra_content: signed('sig-lost') },
        ],
      },
      target,
    ),
  );
  const contents = body.contents as { role: string; parts: unknown[] }[];
  assert.deepEqual(contents[1]?.parts, [
    { text: 'Checking both.', thoughtSignature: 'sig-text' },
    { functionCall: { name: 'temp', args: { city: 'Paris' } }, thoughtSignature: 'sig-1' },
    { functionCall: { name: 'temp', args: {} } },
  ]);
  assert.doesNotMatch(JSON.stringify(body), /sig-lost|extra_content/);
});
