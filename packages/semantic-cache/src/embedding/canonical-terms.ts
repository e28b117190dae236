import { wordMemo } from '../lib/word-memo.ts';
import { isContentToken, questionTokens } from './question-tokens.ts';
import { buildSynonymTable, replacePhrases } from './synonyms.ts';

/**
 * "when" and "where" ask a question when a verb follows ("When did...", "This year, when is...");
 * otherwise ("When a company splits...", "...when I get an offer") they join clauses.
 */
const QUESTION_OR_CONJUNCTION = new Set(['when', 'where']);
const AUXILIARIES = new Set(
  'is are was were do does did will would can could should shall has have had am may might must'.split(
    ' ',
  ),
);

/**
 * Returns a function giving the content words of a question, each folded to its base form and
 * then to one canonical word per group of synonyms. `baseForm` is the embedder's lemmatizer.
 */
export function createTermExtractor(
  baseForm: (word: string) => string,
): (text: string) => string[] {
  const table = buildSynonymTable(baseForm);
  // A token's term, or null when the term carries no meaning: one memo read per token in place
  // of two lemma reads, a synonym read and three stopword checks.
  const termOf = wordMemo(50_000, (token: string): string | null => {
    const base = baseForm(token);
    // The canonical word in its base form too, or "k8s" (→ "kubernetes") and "Kubernetes"
    // (→ "kubernete") would be two words.
    const canonical = table.words.get(base);
    const term = canonical === undefined ? base : baseForm(canonical);
    return isContentToken(term) ? term : null;
  });
  return (text) => {
    const tokens = questionTokens(text);
    const asked: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] ?? '';
      if (!QUESTION_OR_CONJUNCTION.has(token) || AUXILIARIES.has(tokens[i + 1] ?? ''))
        asked.push(token);
    }
    const terms: string[] = [];
    for (const token of replacePhrases(asked, table)) {
      const term = termOf(token);
      if (term !== null) terms.push(term);
    }
    return terms;
  };
}
