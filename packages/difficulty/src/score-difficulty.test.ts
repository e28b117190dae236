import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countPromptTokens } from './count-prompt-tokens.ts';
import { scoreDifficulty } from './score-difficulty.ts';
import type { DifficultyInput } from './types.ts';

const ask = (text: string, extra: Partial<DifficultyInput> = {}): DifficultyInput => ({
  messages: [{ role: 'user', content: text }],
  ...extra,
});
const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
};

describe('scoreDifficulty never sends code, maths, tools or reasoning asks to Mini', () => {
  const cases: [string, DifficultyInput][] = [
    [
      'a tool with a one-word question and a 5-token cap',
      ask('Paris?', { tools: [weatherTool], max_tokens: 5 }),
    ],
    ['a one-line code block asked about briefly', ask('Briefly, what is this?\n```\nx = 1\n```')],
    ['an equation with a short answer wanted', ask('x^2 = 9. Just the answer.')],
    ['a tiny request for code', ask('Write a regex for dates.')],
    ['a tiny stack trace', ask("KeyError: 'id'")],
    ['a short comparison', ask('Compare tea with coffee.')],
    ['a short proof', ask('Prove it.')],
  ];
  for (const [name, request] of cases) {
    it(name, () => {
      const result = scoreDifficulty(request);
      assert.notEqual(result.difficulty, 'simple', JSON.stringify(result.reasons));
      assert.ok(result.score >= 1);
    });
  }

  it('says when it raised a request to medium', () => {
    const result = scoreDifficulty(ask('Paris?', { tools: [weatherTool] }));
    assert.deepEqual(result.reasons.slice(1), [
      '1 tool',
      'raised to medium: needs a capable model',
    ]);
  });

  it('leaves plain small talk simple', () => {
    assert.equal(scoreDifficulty(ask('Good morning! How are you today?')).difficulty, 'simple');
  });
});

describe('scoreDifficulty reads what is asked, not what is pasted', () => {
  // Over 1,000 characters: only a short first or last paragraph is read as instructions.
  const article = `${'The council met on Tuesday to discuss the new bridge. '.repeat(20)}Engineers said they would design a new deck and compare costs. Why did the old one crash? Nobody could say.`;

  it('ignores asks inside a long pasted text', () => {
    const result = scoreDifficulty(ask(`Summarise this article:\n\n${article}`));
    assert.ok(result.reasons.includes('asks only to transform text'));
    for (const absent of [
      'asks for a design or plan',
      'asks for analysis or comparison',
      'asks to debug',
    ]) {
      assert.ok(!result.reasons.includes(absent), `unexpected '${absent}'`);
    }
  });

  it('reads instructions written after the pasted text', () => {
    const result = scoreDifficulty(ask(`${article}\n\nCompare the two proposals above.`));
    assert.ok(result.reasons.includes('asks for analysis or comparison'));
  });

  it('ignores quoted words', () => {
    const result = scoreDifficulty(ask("What does 'debug mode' mean on my camera?"));
    assert.ok(!result.reasons.includes('asks to debug'));
    assert.equal(result.difficulty, 'simple');
  });

  it('does not take a method call such as console.log( for maths', () => {
    const result = scoreDifficulty(
      ask('Why is this empty?\n```js\nconsole.log(items.map((i) => i.id));\n```'),
    );
    assert.ok(!result.reasons.some((r) => r.startsWith('contains math')));
  });

  it('treats a word limit as a limit, not as a request for a long answer', () => {
    const result = scoreDifficulty(ask('Tighten my bio to under 800 words.'));
    assert.ok(!result.reasons.some((r) => r.startsWith('asks for ~')));
  });

  it('does not read the domain of a persona as the task', () => {
    const result = scoreDifficulty({
      messages: [
        { role: 'system', content: 'You answer questions for a tax and law firm.' },
        { role: 'user', content: 'What are your opening hours?' },
      ],
    });
    assert.ok(!result.reasons.some((r) => r.startsWith('specialist domain')));
  });
});

describe('scoreDifficulty input shapes', () => {
  it('counts text parts like plain string content and ignores images for tokens', () => {
    const text = 'Describe the weather in Lisbon in spring.';
    const asString = scoreDifficulty(ask(text));
    const asParts = scoreDifficulty({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text },
            { type: 'image_url', image_url: { url: 'https://x/y.png' } },
          ],
        },
      ],
    });
    assert.equal(asParts.promptTokens, asString.promptTokens);
    assert.equal(asString.promptTokens, countPromptTokens(text));
  });

  it('copes with empty, null and unknown content', () => {
    assert.deepEqual(scoreDifficulty({ messages: [] }), {
      difficulty: 'simple',
      score: 0,
      promptTokens: 0,
      reasons: ['prompt 0 tokens < 100'],
    });
    const odd = scoreDifficulty({
      messages: [
        { role: 'assistant', content: null },
        { role: 'tool', content: { unexpected: true } },
        { role: 'user', content: [{ type: 'input_audio' }, 42, 'hi'] },
      ],
    });
    assert.equal(odd.difficulty, 'simple');
  });

  it('counts special-token text as ordinary text instead of throwing', () => {
    const result = scoreDifficulty(ask('What does <|endoftext|> mean in a GPT prompt?'));
    assert.ok(result.promptTokens > 5);
  });

  it('is deterministic and leaves the request untouched', () => {
    const request = ask('Design a queue for 10k jobs per second.\n```ts\nconst q = [];\n```', {
      tools: [weatherTool],
      max_tokens: 3000,
    });
    const before = structuredClone(request);
    const first = scoreDifficulty(request);
    const second = scoreDifficulty(request);
    assert.deepEqual(second, first);
    assert.deepEqual(request, before);
  });

  it('takes its token count from a counter the caller shares, with the same result', () => {
    const request = ask('Explain the trade-offs of write-behind logging in two paragraphs.');
    const counted: string[] = [];
    const shared = scoreDifficulty(request, undefined, {
      countTokens: (text) => {
        counted.push(text);
        return countPromptTokens(text);
      },
    });
    assert.deepEqual(shared, scoreDifficulty(request));
    assert.equal(counted.length, 1);
  });
});
