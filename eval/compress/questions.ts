// The question-based fidelity check (eval/data/compress/questions.txt): for each prompt, questions
// whose answers must still be readable after compression — what is asked, what is forbidden, how
// much, who, when. An answer survives when its words appear in the compressed text in order, each
// at most MAX_GAP words after the previous one: a reader can still find it, and a dropped "not",
// request verb, number or the words naming what a number is make it fail.
import { readFileSync } from 'node:fs';
import { type CompressionLevel, compressMessages } from '@tokenwise/compression';

export interface QuestionPrompt {
  id: string;
  /** Required only at the levels whose text must stay readable (conservative, balanced). */
  readableLevelsOnly: boolean;
  text: string;
  questions: { kind: string; question: string; answer: string }[];
}

/** Other words allowed between two answer words (grammar the compressor may keep). */
const MAX_GAP = 3;

export function readQuestionPrompts(
  file = new URL('../data/compress/questions.txt', import.meta.url),
): QuestionPrompt[] {
  const prompts: QuestionPrompt[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const header = /^## (\S+)( \[readable levels\])?/.exec(line);
    if (header)
      prompts.push({
        id: header[1] ?? '',
        readableLevelsOnly: !!header[2],
        text: '',
        questions: [],
      });
    const current = prompts.at(-1);
    if (!current) continue;
    if (line.startsWith('P ')) current.text = line.slice(2).replaceAll('\\n', '\n');
    const question = questionOf(line);
    if (question) current.questions.push(question);
  }
  return prompts;
}

/** A `Q kind question = answer` line of a question file, or undefined for any other line. */
export function questionOf(
  line: string,
): { kind: string; question: string; answer: string } | undefined {
  const question = /^Q (\S+) (.+?) = (.+)$/.exec(line);
  if (!question) return undefined;
  return { kind: question[1] ?? '', question: question[2] ?? '', answer: question[3] ?? '' };
}

/** Lower-case words, contractions opened ("don't" → "do not"), edge punctuation removed. */
export function answerWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/\b(?:cannot|can't)\b/g, 'can not')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/n't\b/g, ' not')
    .split(/[\s/]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}.]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** Whether `answer`'s words appear in `text` in order, with at most MAX_GAP words between. */
export function answerSurvives(answer: string, text: string): boolean {
  const want = answerWords(answer);
  const have = answerWords(text);
  const from = (w: number, at: number): boolean => {
    if (w === want.length) return true;
    const limit = w === 0 ? have.length : Math.min(have.length, at + MAX_GAP + 1);
    for (let i = at; i < limit; i += 1) if (have[i] === want[w] && from(w + 1, i + 1)) return true;
    return false;
  };
  return from(0, 0);
}

export interface AnswerFidelity {
  prompts: number;
  answers: number;
  /** Share of answers still readable, overall and by kind (verb, negation, number...). */
  kept: number;
  /** The same share over the answers the level's bar requires (see `isRequired`). */
  required: number;
  byKind: Record<string, number>;
  lost: { id: string; kind: string; answer: string }[];
}

/** Whether a prompt's answers are part of the level's bar (aggressive may read telegraphic). */
export function isRequired(prompt: QuestionPrompt, level: CompressionLevel): boolean {
  return !prompt.readableLevelsOnly || level !== 'aggressive';
}

/** Compresses every question prompt (as the last user message) and checks each answer. */
export function answerFidelity(prompts: QuestionPrompt[], level: CompressionLevel): AnswerFidelity {
  const totals = new Map<string, { all: number; kept: number }>();
  const lost: AnswerFidelity['lost'] = [];
  let kept = 0;
  let answers = 0;
  const required = { all: 0, kept: 0 };
  for (const prompt of prompts) {
    const [message] = compressMessages([{ role: 'user', content: prompt.text }], level).messages;
    const text = typeof message?.content === 'string' ? message.content : '';
    for (const { kind, answer } of prompt.questions) {
      const total = totals.get(kind) ?? { all: 0, kept: 0 };
      totals.set(kind, total);
      total.all += 1;
      answers += 1;
      const survives = answerSurvives(answer, text);
      if (isRequired(prompt, level)) {
        required.all += 1;
        if (survives) required.kept += 1;
      }
      if (survives) {
        total.kept += 1;
        kept += 1;
      } else lost.push({ id: prompt.id, kind, answer });
    }
  }
  const share = (part: number, all: number) =>
    Math.round((part / Math.max(1, all)) * 10_000) / 10_000;
  return {
    prompts: prompts.length,
    answers,
    kept: share(kept, answers),
    required: share(required.kept, required.all),
    byKind: Object.fromEntries([...totals].map(([kind, t]) => [kind, share(t.kept, t.all)])),
    lost,
  };
}
