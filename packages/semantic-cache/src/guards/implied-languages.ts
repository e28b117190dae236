// Decision 178: a language one side names and both sides' own tool already says: "upgrade all my
// python packages with pip" / "upgrade all pip packages at once".
import { termOf } from './word-terms.ts';

/** Tools and errors that only one language has, by the term of that language. */
const TOOL_LANGUAGE = new Map(
  (
    [
      ['pip', 'python'],
      ['pypi', 'python'],
      ['pipenv', 'python'],
      ['virtualenv', 'python'],
      ['conda', 'python'],
      ['modulenotfounderror', 'python'],
      ['npm', 'javascript'],
      ['yarn', 'javascript'],
      ['cargo', 'rust'],
      ['rustup', 'rust'],
      ['rubygems', 'ruby'],
      ['bundler', 'ruby'],
      ['maven', 'java'],
      ['gradle', 'java'],
      ['nuget', 'csharp'],
    ] as const
  ).map(([tool, language]) => [termOf(tool) ?? tool, termOf(language) ?? language]),
);
const LANGUAGES = new Set(TOOL_LANGUAGE.values());

/**
 * The changed words less a language that a tool of its own, named on both sides, already implies.
 * Asked on the changed words only: a language there is rare.
 */
export function withoutImpliedLanguage(
  diff: { onlyA: string[]; onlyB: string[] },
  a: readonly string[],
  b: readonly string[],
): { onlyA: string[]; onlyB: string[] } {
  const { onlyA, onlyB } = diff;
  if (!onlyA.some((word) => LANGUAGES.has(word)) && !onlyB.some((word) => LANGUAGES.has(word)))
    return diff;
  const implied = (language: string) =>
    a.some((word) => TOOL_LANGUAGE.get(word) === language && b.includes(word));
  return {
    onlyA: onlyA.filter((word) => !LANGUAGES.has(word) || !implied(word)),
    onlyB: onlyB.filter((word) => !LANGUAGES.has(word) || !implied(word)),
  };
}
