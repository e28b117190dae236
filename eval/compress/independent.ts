// The independent set (eval/data/compress/independent/): prompts and fact questions written blind
// by two authors who never saw the engine, split into a tuning half and a frozen held-out half.
// Each prompt is one user message, compressed once per level; the figures are the share of all
// the half's tokens saved (what the band is checked on), per-prompt percentiles, the answers kept
// (questions.ts: every answer is required at every level) and the broken phrases (readability.ts).
import { existsSync } from 'node:fs';
import { type CompressionLevel, compressMessages } from '@tokenwise/compression';
import { answerSurvives, type QuestionPrompt, readQuestionPrompts } from './questions.ts';
import { BROKEN_RULES, type BrokenRule, findBrokenPhrases } from './readability.ts';

/**
 * Words of an author's answer that carry no meaning of their own, which the spec asks every level
 * to drop (issue 17: politeness, fillers) or balanced drops by design (articles): "write the
 * reply" is still readable as "write reply". This set's authors copied answers as written, where
 * the older question set left these words out. "a" before "few", "little", "bit", "couple" or
 * "lot" is a quantity ("a few" is not "few") and stays required. Both figures are reported.
 */
const OPTIONAL = new Set(['a', 'an', 'the', 'please', 'actually', 'really', 'basically']);
const QUANTIFIERS = new Set(['few', 'little', 'bit', 'couple', 'lot']);

/** The answer without its optional words (never all of them). */
export function meaningWords(answer: string): string {
  const words = answer.split(/\s+/);
  const kept = words.filter(
    (word, i) =>
      !OPTIONAL.has(word.toLowerCase()) ||
      (/^an?$/i.test(word) && QUANTIFIERS.has((words[i + 1] ?? '').toLowerCase())),
  );
  return kept.length > 0 ? kept.join(' ') : answer;
}

export interface IndependentFigures {
  prompts: number;
  questions: number;
  /** All saved tokens over all tokens of the half (o200k_base). */
  saved: number;
  /** Per prompt, each counting the same. */
  p10: number;
  p50: number;
  p90: number;
  /** Share of answers still readable, their optional words (`meaningWords`) not required. */
  answersKept: number;
  /** The same with every word of the answer as the author wrote it. */
  answersKeptStrict: number;
  broken: number;
  brokenByRule: Record<BrokenRule, number>;
  /** "id kind "answer"" per lost answer: the tuning half's only, never the held-out half's. */
  lost?: string[];
}

/** The half's prompts, or null when the file is not there (a checkout without the set). */
export function readIndependentHalf(name: 'tune' | 'heldout'): QuestionPrompt[] | null {
  const file = new URL(`../data/compress/independent/${name}.txt`, import.meta.url);
  return existsSync(file) ? readQuestionPrompts(file) : null;
}

const share = (part: number, all: number) =>
  Math.round((part / Math.max(1, all)) * 10_000) / 10_000;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(
    sorted.length - 1,
    Math.max(0, Math.round((p / 100) * (sorted.length - 1))),
  );
  return share(sorted[index] ?? 0, 1);
}

/** The half's figures at one level; `withLosses` adds the lost answers (tuning half only). */
export function independentFigures(
  prompts: QuestionPrompt[],
  level: CompressionLevel,
  withLosses: boolean,
): IndependentFigures {
  let original = 0;
  let saved = 0;
  let questions = 0;
  let kept = 0;
  let strict = 0;
  let broken = 0;
  const brokenByRule = Object.fromEntries(BROKEN_RULES.map((rule) => [rule, 0])) as Record<
    BrokenRule,
    number
  >;
  const reductions: number[] = [];
  const lost: string[] = [];
  for (const prompt of prompts) {
    const result = compressMessages([{ role: 'user', content: prompt.text }], level);
    const text = result.messages[0]?.content;
    const after = typeof text === 'string' ? text : '';
    original += result.originalTokens;
    saved += result.tokensSaved;
    reductions.push(result.tokensSaved / Math.max(1, result.originalTokens));
    for (const { kind, answer } of prompt.questions) {
      questions += 1;
      if (answerSurvives(answer, after)) strict += 1;
      if (answerSurvives(meaningWords(answer), after)) kept += 1;
      else lost.push(`${prompt.id} ${kind} "${answer}"`);
    }
    for (const phrase of findBrokenPhrases(prompt.text, after)) {
      broken += 1;
      brokenByRule[phrase.rule] += 1;
    }
  }
  const sorted = reductions.sort((a, b) => a - b);
  return {
    prompts: prompts.length,
    questions,
    saved: share(saved, original),
    p10: percentile(sorted, 10),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    answersKept: share(kept, questions),
    answersKeptStrict: share(strict, questions),
    broken,
    brokenByRule,
    ...(withLosses ? { lost } : {}),
  };
}
