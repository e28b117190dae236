// Words read as names: digits glued to letters ("2FA"), a request verb that is part of a tool's
// name ("docker compose build").
import { ACTION_GROUP } from './action-groups.ts';
import { readsAsName } from './number-mentions.ts';
import { stemOf } from './word-stem.ts';
import { isQualifierAdverb, REQUEST, termOf } from './word-terms.ts';

/** Digits glued to letters that are no unit, as the number guard finds them: "2FA", "5G". */
const GLUED_NAME = /(?<![\p{L}\d.,])(\d+)(\p{L}+)/gu;

/**
 * The tokens split "2FA" into "2" and "fa"; the number guard reads it as a name, not the number 2.
 * Glued again here so both guards read it alike ("two factor auth" is the synonym "2fa").
 */
export function gluedNames(text: string, tokens: readonly string[]): readonly string[] {
  if (!/\d\p{L}/u.test(text)) return tokens;
  const glued = new Set<string>();
  for (const match of text.matchAll(GLUED_NAME)) {
    const letters = match[2] ?? '';
    const end = (match.index ?? 0) + match[0].length;
    // "9am" is a time, read as such by `timeTerm`; "3D" a dimension (decision 161).
    if (
      readsAsName(match[1] ?? '', letters, text.slice(end, end + 40)) &&
      !/^[ap]m$/i.test(letters)
    )
      glued.add(`${match[1]} ${letters.toLowerCase()}`);
  }
  if (glued.size === 0) return tokens;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    if (next !== undefined && glued.has(`${token} ${next}`)) {
      out.push(`${token}${next}`);
      i++;
    } else out.push(token);
  }
  return out;
}

/**
 * A request verb with a name before it and an action after it frames nothing: it is part of the
 * name, a tool's own word ("docker **compose** build", "npm **show** version"… when an action
 * follows). It keeps its word, marked as a name, so a prompt without it asks about another tool.
 */
export function nameOrTerm(token: string, before?: string, after?: string): string | null {
  const term = adverbOr(token, termOf(token));
  // A tool's word is bare: "the compiler says imported and not used" reports what it says.
  if (
    term !== REQUEST ||
    before === undefined ||
    after === undefined ||
    INFLECTED.test(token) ||
    TAKES_A_VERB.has(token)
  )
    return term;
  const beforeTerm = termOf(before);
  const afterTerm = termOf(after);
  const named =
    beforeTerm !== null &&
    beforeTerm !== REQUEST &&
    !ACTION_GROUP.has(beforeTerm) &&
    afterTerm !== null &&
    ACTION_GROUP.has(afterTerm);
  return named ? `${NAME_MARK}${stemOf(token)}` : term;
}

export const INFLECTED = /(?:s|ed|ing)$/;
/** Request verbs that take another verb after them ("need install", "help create"): they frame it. */
const TAKES_A_VERB = new Set('need want like help come'.split(' '));
/** The mark of a request verb read as part of a name (`nameOrTerm`). */
export const NAME_MARK = 'name:';

/**
 * A qualifying adverb keeps its own form where the synonym table would fold it into an adjective
 * ("safely" into "safe"): the rule that refuses an added qualifier reads its -ly. Request verbs
 * that end in -ly ("reply", "apply") stay the request.
 */
function adverbOr(token: string, term: string | null): string | null {
  return term !== null && term !== REQUEST && isQualifierAdverb(token) ? token : term;
}
