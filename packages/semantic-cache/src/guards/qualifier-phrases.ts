// An added qualifying phrase: "list EC2 instances in every region", "boot safe mode with
// networking", "count documents grouped by status", "the speed of light in water". One prompt
// narrows what the other asks with a prepositional phrase whose words the other never uses. The
// similarity barely moves (the phrase is a small share of the words) and the difference check
// reads one or two words added alone, which rewordings add as often ("in a Go program").
// What tells them apart is that a rewording's added words lean on a word both prompts share
// ("a Go program", "in descending order"), while a qualifier brings a thing of its own. The
// difference check asks only when one prompt is the other plus words (decision 056): beside a
// reworded rest, a phrase is as often the rewording ("ratio" / "per cup").

/** Prepositions that attach a qualifier to what is asked. "to" and "into" also start verbs. */
const PREPOSITIONS = new Set('in with by for on at within across per inside'.split(' '));
/** Words that may stand between the preposition and the phrase's own words. */
const DETERMINERS = new Set(
  'a an the this that these those every all each any some one no single'.split(' '),
);
/**
 * A possessive places the question in the asker's own setup ("for my target", "in our repo"):
 * context the answer does not depend on, not a narrower request.
 */
const POSSESSIVES = new Set('my your our their his her its'.split(' '));

/**
 * The content terms of every prepositional phrase of a prompt: the run of content words right
 * after a preposition and its determiners. `termAt` holds each token's term, null for a function
 * word. A phrase that opens with a verb is a clause, not a qualifier, and is left out.
 */
export function qualifierPhrases(
  tokens: readonly string[],
  termAt: readonly (string | null)[],
  isVerb: (term: string) => boolean,
): string[][] {
  const phrases: string[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!PREPOSITIONS.has(tokens[i] ?? '')) continue;
    let k = i + 1;
    while (k < tokens.length && DETERMINERS.has(tokens[k] ?? '')) k++;
    if (POSSESSIVES.has(tokens[k] ?? '')) continue;
    const phrase: string[] = [];
    for (; k < tokens.length; k++) {
      const term = termAt[k];
      if (!term) break;
      phrase.push(term);
    }
    const head = phrase[0];
    if (head !== undefined && !isVerb(head)) phrases.push(phrase);
  }
  return phrases;
}

/**
 * A qualifying phrase of one prompt none of whose words the other prompt has, in any form
 * `same` accepts (equal, a spelling variant, a typo).
 */
export function addsQualifier(
  phrases: readonly string[][],
  otherTerms: readonly string[],
  same: (x: string, y: string) => boolean,
): boolean {
  return phrases.some((phrase) =>
    phrase.every((term) => !otherTerms.some((other) => other === term || same(term, other))),
  );
}
