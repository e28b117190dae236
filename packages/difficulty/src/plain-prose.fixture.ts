import { countPromptTokens } from './count-prompt-tokens.ts';

// Sentences that trigger no signal: no commas or 'and', no questions, no asks, no code or maths.
const SENTENCES = [
  'The river runs past the old mill.',
  'Birds sing in the tall trees.',
  'A boat drifts near the shore.',
  'The sky turns gold at dusk.',
];

/** Neutral prose of at least `tokens` tokens (a few more at most), for tests that vary length only. */
export function plainProse(tokens: number): string {
  const parts: string[] = [];
  let i = 0;
  while (countPromptTokens(parts.join(' ')) < tokens) {
    parts.push(SENTENCES[i % SENTENCES.length] ?? '');
    i += 1;
  }
  return parts.join(' ');
}
