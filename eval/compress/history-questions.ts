// Answers that must survive in a conversation's earlier messages (eval/data/compress/
// history-questions.txt, decision 157): the system prompt and the turns before the last user
// message, where no sentence is protected as the user's instruction and aggressive pruning drops
// the most. Each conversation is compressed as the gateway sends it; an answer is read in the
// compressed text of every message but the last, as questions.ts reads one.
import { readFileSync } from 'node:fs';
import { type CompressionLevel, compressMessages } from '@tokenwise/compression';
import { answerSurvives, questionOf } from './questions.ts';

export interface HistoryPrompt {
  id: string;
  messages: { role: string; content: string }[];
  questions: { kind: string; question: string; answer: string }[];
}

export function readHistoryPrompts(
  file = new URL('../data/compress/history-questions.txt', import.meta.url),
): HistoryPrompt[] {
  const prompts: HistoryPrompt[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const header = /^## (\S+)/.exec(line);
    if (header) prompts.push({ id: header[1] ?? '', messages: [], questions: [] });
    const current = prompts.at(-1);
    if (!current) continue;
    const message = /^M (system|user|assistant) (.+)$/.exec(line);
    if (message) current.messages.push({ role: message[1] ?? '', content: message[2] ?? '' });
    const question = questionOf(line);
    if (question) current.questions.push(question);
  }
  return prompts;
}

export interface HistoryFidelity {
  prompts: number;
  answers: number;
  kept: number;
  /** Share of all their tokens the level saved on these conversations. */
  saved: number;
  lost: { id: string; kind: string; answer: string }[];
}

export function historyFidelity(
  prompts: HistoryPrompt[],
  level: CompressionLevel,
): HistoryFidelity {
  const lost: HistoryFidelity['lost'] = [];
  let answers = 0;
  let kept = 0;
  let original = 0;
  let saved = 0;
  for (const prompt of prompts) {
    const result = compressMessages(prompt.messages, level);
    original += result.originalTokens;
    saved += result.tokensSaved;
    const history = result.messages
      .slice(0, -1)
      .map((m) => (typeof m.content === 'string' ? m.content : ''))
      .join('\n');
    for (const { kind, answer } of prompt.questions) {
      answers += 1;
      if (answerSurvives(answer, history)) kept += 1;
      else lost.push({ id: prompt.id, kind, answer });
    }
  }
  const share = (part: number, all: number) =>
    Math.round((part / Math.max(1, all)) * 10_000) / 10_000;
  return {
    prompts: prompts.length,
    answers,
    kept: share(kept, answers),
    saved: share(saved, original),
    lost,
  };
}
