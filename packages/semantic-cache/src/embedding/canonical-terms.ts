import { contentTokens, questionTokens } from './question-tokens.ts';
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
  return (text) => {
    const asked = questionTokens(text).filter(
      (token, i, all) => !QUESTION_OR_CONJUNCTION.has(token) || AUXILIARIES.has(all[i + 1] ?? ''),
    );
    const terms = replacePhrases(asked, table).map((token) => {
      const base = baseForm(token);
      // The canonical word in its base form too, or "k8s" (→ "kubernetes") and "Kubernetes"
      // (→ "kubernete") would be two words.
      const canonical = table.words.get(base);
      return canonical === undefined ? base : baseForm(canonical);
    });
    return contentTokens(terms);
  };
}
