import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainProse } from './plain-prose.fixture.ts';
import { scoreDifficulty } from './score-difficulty.ts';
import type { DifficultyInput } from './types.ts';
import { WEIGHTS } from './weights.ts';

// A neutral request in the medium band, so that no floor or band edge hides a signal's weight.
const BASE_TEXT = plainProse(130);
const base = (): DifficultyInput => ({ messages: [{ role: 'user', content: BASE_TEXT }] });
const withText = (extra: string): DifficultyInput => ({
  messages: [{ role: 'user', content: `${BASE_TEXT} ${extra}` }],
});
const tool = (name: string) => ({
  type: 'function',
  function: { name, parameters: { type: 'object' } },
});

interface Case {
  feature: string;
  request: DifficultyInput;
  reason: string;
  /** The documented weight the score should move by. */
  weight: number;
}

const CASES: Case[] = [
  {
    feature: 'code block',
    request: withText('\n```js\nconst total = items.reduce((a, b) => a + b, 0);\n```'),
    reason: 'contains code block',
    weight: WEIGHTS.code,
  },
  {
    feature: 'request for code',
    request: withText('Write a Python function for this.'),
    reason: 'asks to write code',
    weight: WEIGHTS.code,
  },
  {
    feature: 'stack trace',
    request: withText(
      '\nTraceback (most recent call last):\n  File "app.py", line 3, in <module>\nKeyError: \'sku\'',
    ),
    reason: 'contains stack trace or error log',
    weight: WEIGHTS.errorLog,
  },
  {
    feature: 'LaTeX maths',
    request: withText('It uses $\\frac{a}{b}$ somewhere.'),
    reason: 'contains math (LaTeX)',
    weight: WEIGHTS.math,
  },
  {
    feature: 'equation',
    request: withText('Take 3x + 7 = 19 as given.'),
    reason: 'contains math (equation)',
    weight: WEIGHTS.math,
  },
  {
    feature: 'proof',
    request: withText('Prove the claim.'),
    reason: 'asks for a proof',
    weight: WEIGHTS.proof,
  },
  {
    feature: 'step-by-step',
    request: withText('Go step by step.'),
    reason: 'asks for step-by-step reasoning',
    weight: WEIGHTS.stepByStep,
  },
  {
    feature: 'comparison',
    request: withText('Compare the two.'),
    reason: 'asks for analysis or comparison',
    weight: WEIGHTS.analysis,
  },
  {
    feature: 'design',
    request: withText('Design a better layout.'),
    reason: 'asks for a design or plan',
    weight: WEIGHTS.design,
  },
  {
    feature: 'debugging',
    request: withText('Debug the crash.'),
    reason: 'asks to debug',
    weight: WEIGHTS.debug,
  },
  {
    feature: 'explanation',
    request: withText('Explain the idea.'),
    reason: 'asks for an explanation',
    weight: WEIGHTS.explanation,
  },
  {
    feature: 'detail',
    request: withText('Give a detailed answer.'),
    reason: 'asks for a detailed answer',
    weight: WEIGHTS.detailed,
  },
  {
    feature: 'brevity',
    request: withText('Answer briefly.'),
    reason: 'asks for a short answer',
    weight: WEIGHTS.shortAnswer,
  },
  {
    feature: 'transformation',
    request: withText('Summarise this.'),
    reason: 'asks only to transform text',
    weight: WEIGHTS.transform,
  },
  {
    feature: 'many parts',
    request: withText('Cover the mill; the birds; the boat; the sky; the shore; the trees.'),
    reason: '6-part request',
    weight: WEIGHTS.manyParts,
  },
  {
    feature: 'hard engineering',
    request: withText('Keep it thread-safe.'),
    reason: 'hard engineering topic',
    weight: WEIGHTS.hardEngineering,
  },
  {
    feature: 'specialist domain',
    request: withText('Mind the tax rules.'),
    reason: 'specialist domain (law, medicine, finance, security)',
    weight: WEIGHTS.specialistDomain,
  },
  {
    feature: 'scale targets',
    request: withText('It must take 10k writes per second.'),
    reason: 'states scale or performance targets',
    weight: WEIGHTS.scaleTargets,
  },
  {
    feature: 'long essay',
    request: withText('Write 2000 words.'),
    reason: 'asks for ~2000 words',
    weight: WEIGHTS.longOutput,
  },
  {
    feature: 'medium essay',
    request: withText('Write 800 words.'),
    reason: 'asks for ~800 words',
    weight: WEIGHTS.mediumOutput,
  },
  {
    feature: 'large max_tokens',
    request: { ...base(), max_tokens: 8000 },
    reason: 'max_tokens 8000',
    weight: WEIGHTS.longOutput,
  },
  {
    feature: 'medium max_tokens',
    request: { ...base(), max_tokens: 2000 },
    reason: 'max_tokens 2000',
    weight: WEIGHTS.mediumOutput,
  },
  {
    feature: 'tiny max_completion_tokens',
    request: { ...base(), max_tokens: 9000, max_completion_tokens: 5 },
    reason: 'max_completion_tokens 5 caps the answer',
    weight: WEIGHTS.shortOutput,
  },
  {
    feature: 'one tool',
    request: { ...base(), tools: [tool('lookup')] },
    reason: '1 tool',
    weight: WEIGHTS.tools,
  },
  {
    feature: 'three tools',
    request: { ...base(), tools: [tool('a'), tool('b'), tool('c')] },
    reason: '3 tools',
    weight: WEIGHTS.tools + 2 * WEIGHTS.perExtraTool,
  },
  {
    feature: 'JSON schema',
    request: {
      ...base(),
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema: {} } },
    },
    reason: 'JSON schema output',
    weight: WEIGHTS.jsonSchema,
  },
  {
    feature: 'JSON mode',
    request: { ...base(), response_format: { type: 'json_object' } },
    reason: 'JSON output',
    weight: WEIGHTS.jsonObject,
  },
  {
    feature: 'image',
    request: {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: BASE_TEXT },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
          ],
        },
      ],
    },
    reason: '1 image',
    weight: WEIGHTS.images,
  },
  {
    feature: 'earlier turns',
    request: {
      messages: [
        { role: 'user', content: 'Hi.' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: BASE_TEXT },
      ],
    },
    reason: '2 user turns',
    weight: WEIGHTS.perExtraTurn,
  },
  {
    feature: 'sub-questions',
    request: withText('Is it old? Is it red? Is it big?'),
    reason: '3 questions',
    weight: 2 * WEIGHTS.perExtraQuestion,
  },
];

// Added words add tokens too; in the medium band each token moves the base by 1/(500 - 100).
const BASE_PER_TOKEN = 1 / 400;
const ROUNDING = 0.011;

describe('signals', () => {
  const baseline = scoreDifficulty(base());

  it('starts from a neutral request whose only reason is its length', () => {
    assert.equal(baseline.difficulty, 'medium');
    assert.equal(baseline.reasons.length, 1);
  });

  for (const { feature, request, reason, weight } of CASES) {
    it(`${feature} moves the score by its documented weight and says so`, () => {
      const result = scoreDifficulty(request);
      assert.ok(result.reasons.includes(reason), `reasons were ${JSON.stringify(result.reasons)}`);
      const fromTokens = (result.promptTokens - baseline.promptTokens) * BASE_PER_TOKEN;
      const moved = result.score - baseline.score - fromTokens;
      assert.equal(
        Math.sign(moved),
        Math.sign(weight),
        `score went ${baseline.score} → ${result.score}`,
      );
      assert.ok(
        Math.abs(moved - weight) <= ROUNDING,
        `moved ${moved.toFixed(3)}, documented ${weight}`,
      );
    });
  }

  it('lowers a closing thanks at the end of a long thread', () => {
    const thread = (last: string): DifficultyInput => ({
      messages: [
        { role: 'user', content: BASE_TEXT },
        { role: 'assistant', content: 'Done.' },
        { role: 'user', content: last },
      ],
    });
    const thanks = scoreDifficulty(thread('thanks, that works!'));
    const followUp = scoreDifficulty(thread('Tell me more.'));
    assert.ok(thanks.reasons.includes('only says thanks or ok'));
    const newTask = scoreDifficulty(thread('ok, now do the same for the second list'));
    assert.ok(!newTask.reasons.includes('only says thanks or ok'));
    const fromTokens = (thanks.promptTokens - followUp.promptTokens) * BASE_PER_TOKEN;
    const moved = thanks.score - followUp.score - fromTokens;
    assert.ok(Math.abs(moved - WEIGHTS.acknowledgement) <= ROUNDING, `moved ${moved.toFixed(3)}`);
  });

  it('lowers a short question under a long system prompt', () => {
    const question = 'What time do you open?';
    const asPersona = scoreDifficulty({
      messages: [
        { role: 'system', content: BASE_TEXT },
        { role: 'user', content: question },
      ],
    });
    const asTask = scoreDifficulty({
      messages: [{ role: 'user', content: `${BASE_TEXT}\n${question}` }],
    });
    assert.ok(asPersona.reasons.includes('short request under a long system prompt'));
    const fromTokens = (asPersona.promptTokens - asTask.promptTokens) * BASE_PER_TOKEN;
    const moved = asPersona.score - asTask.score - fromTokens;
    assert.ok(Math.abs(moved - WEIGHTS.personaOnly) <= ROUNDING, `moved ${moved.toFixed(3)}`);
  });
});
