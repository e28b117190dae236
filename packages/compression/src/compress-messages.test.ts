import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { compressMessages } from './compress-messages.ts';

const longAnswer =
  'In order to bring a cat into the country, it is important to note that she basically needs a microchip, ' +
  'a rabies vaccination and a health certificate that was issued by an accredited veterinarian.';

function conversation() {
  return [
    { role: 'system', content: 'You are a helpful assistant.   \n\n\n\nKeep answers short.' },
    { role: 'user', content: 'What paperwork does my cat need to travel?' },
    {
      role: 'assistant',
      content: longAnswer,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'lookup', arguments: '{"q":  "cat"}' },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '{\n  "result":   "ok"\n}' },
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: 'Is this certificate valid? It was issued in 2024 by the vet in Lyon.',
        },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    },
  ];
}

describe('compressMessages', () => {
  it('never mutates its input', () => {
    const input = conversation();
    const snapshot = structuredClone(input);
    const result = compressMessages(input, 'aggressive');
    assert.deepEqual(input, snapshot);
    assert.notEqual(result.messages, input);
  });

  it('sends a closing assistant message (a prefill the model goes on from) exactly as written', () => {
    const prefill = 'Here is the JSON you asked for, basically:\n\n\n\n{"name":   "';
    for (const level of ['conservative', 'balanced', 'aggressive'] as const) {
      const messages = [
        { role: 'user', content: `${longAnswer} Could you please give me that as JSON?` },
        { role: 'assistant', content: prefill },
      ];
      const result = compressMessages(messages, level);
      assert.equal(result.messages[1]?.content, prefill, level);
      assert.notEqual(
        result.messages[0]?.content,
        messages[0]?.content,
        `${level}: the user's turn still is compressed`,
      );
    }
    // An assistant turn earlier in the conversation is history, compressed as before.
    const earlier = compressMessages(
      [
        { role: 'assistant', content: longAnswer },
        { role: 'user', content: 'And for a dog?' },
      ],
      'aggressive',
    );
    assert.notEqual(earlier.messages[0]?.content, longAnswer);
  });

  it('leaves images, tool calls and tool results untouched', () => {
    const input = conversation();
    const { messages } = compressMessages(input, 'aggressive');
    assert.deepEqual(messages[2]?.tool_calls, input[2]?.tool_calls);
    assert.deepEqual(messages[3], input[3]);
    const image = (m: (typeof input)[number] | undefined) =>
      Array.isArray(m?.content) ? m.content[1] : undefined;
    assert.deepEqual(image(messages[4]), image(input[4]));
    assert.notEqual(messages[2]?.content, longAnswer, 'the assistant text itself is compressed');
  });

  it('counts tokens with the real tokenizer, before and after', () => {
    const input = conversation();
    const texts = (ms: ReturnType<typeof conversation>) =>
      ms.map((m) =>
        typeof m.content === 'string'
          ? m.content
          : m.content
              .filter((p) => p.type === 'text')
              .map((p) => p.text)
              .join('\n'),
      );
    for (const [encoding, count] of [
      ['o200k_base', countO200k],
      ['cl100k_base', countCl100k],
    ] as const) {
      const result = compressMessages(input, 'balanced', { encoding });
      const before = texts(input).reduce((s, t) => s + count(t), 0);
      const after = texts(result.messages).reduce((s, t) => s + count(t), 0);
      assert.equal(result.originalTokens, before);
      assert.equal(result.compressedTokens, after);
      assert.equal(result.tokensSaved, before - after);
      assert.ok(result.tokensSaved > 0);
    }
  });

  it('gives the side-by-side texts as "role: text" per message', () => {
    const result = compressMessages(conversation(), 'balanced');
    assert.ok(result.originalText.startsWith('system: You are a helpful assistant.'));
    assert.ok(result.originalText.includes(`assistant: ${longAnswer}`));
    assert.ok(result.optimizedText.includes('user: Is this certificate valid?'));
    assert.ok(result.optimizedText.length < result.originalText.length);
  });

  it('reports the stages that changed something', () => {
    const result = compressMessages(conversation(), 'balanced');
    assert.ok(result.stagesApplied.includes('normalise-whitespace'));
    assert.ok(result.stagesApplied.includes('remove-filler'));
    assert.deepEqual(
      compressMessages([{ role: 'user', content: 'Hi' }], 'balanced').stagesApplied,
      [],
    );
  });

  it('counts special-token strings in user text as plain text instead of failing', () => {
    const result = compressMessages(
      [{ role: 'user', content: 'What does <|endoftext|> mean?' }],
      'conservative',
    );
    assert.ok(result.originalTokens > 3);
  });

  it('counts with the counter it is given, each text once, and still shows both transcripts', () => {
    const seen: string[] = [];
    const result = compressMessages(conversation(), 'balanced', {
      countTokens: (text) => {
        seen.push(text);
        return countO200k(text);
      },
    });
    const plain = compressMessages(conversation(), 'balanced');
    assert.equal(result.originalTokens, plain.originalTokens);
    assert.equal(result.tokensSaved, plain.tokensSaved);
    assert.equal(new Set(seen).size, seen.length);
    assert.equal(result.originalText, plain.originalText);
    assert.equal(result.optimizedText, plain.optimizedText);
  });
});
