// How a match of a phrase pattern may open, so a long alternation of phrases can try at a word
// only the phrases that may start with its first two characters (decision 150). Reads the phrase
// lists' regex syntax (literals, groups, alternatives, classes, quantifiers, lookarounds) as
// matched case-insensitively without the `u` flag. Errs towards "may": whatever it does not read
// may open with anything, and a pattern that may match nothing at all may open anywhere.

/** Any character that is not an ASCII letter, end of text included. */
export const NOT_A_LETTER = '#';
/** Strings of up to two characters a match may open with (letters lower-cased), or anything. */
export type Openings = ReadonlySet<string> | 'any';

const ANY = 'any';
const EMPTY: ReadonlySet<string> = new Set(['']);

function union(a: Openings, b: Openings): Openings {
  return a === ANY || b === ANY ? ANY : new Set([...a, ...b]);
}

/** What a match of `a` then `b` may open with. */
function concat(a: Openings, b: Openings): Openings {
  if (a === ANY) return ANY;
  const out = new Set<string>();
  for (const x of a) {
    if (x.length >= 2) {
      out.add(x);
      continue;
    }
    if (b === ANY) return ANY;
    for (const y of b) out.add((x + y).slice(0, 2));
  }
  return out;
}

function character(c: string): string {
  const lower = c.toLowerCase();
  return lower >= 'a' && lower <= 'z' && lower.length === 1 ? lower : NOT_A_LETTER;
}

/** The openings of a match of the regex source. */
export function openings(source: string): Openings {
  let pos = 0;

  function disjunction(): Openings {
    let result = sequence();
    while (source[pos] === '|') {
      pos += 1;
      result = union(result, sequence());
    }
    return result;
  }
  function sequence(): Openings {
    let result: Openings = EMPTY;
    while (pos < source.length && source[pos] !== '|' && source[pos] !== ')')
      result = concat(result, quantified(atom()));
    return result;
  }
  function quantified(part: Openings): Openings {
    const c = source[pos];
    let result = part;
    if (c === '?') result = union(part, EMPTY);
    else if (c === '*') result = union(EMPTY, union(part, concat(part, part)));
    else if (c === '+') result = union(part, concat(part, part));
    else if (c === '{') {
      pos = source.indexOf('}', pos);
      result = ANY;
    } else return part;
    pos += 1;
    if (source[pos] === '?') pos += 1;
    return result;
  }
  function atom(): Openings {
    const c = source[pos] as string;
    if (c === '(') {
      const lookaround = /^\(\?(?:=|!|<=|<!)/.exec(source.slice(pos))?.[0];
      const plain = source.startsWith('(?:', pos);
      const named = !lookaround && !plain && source[pos + 1] === '?';
      pos += lookaround ? lookaround.length : plain ? 3 : 1;
      const inner = disjunction();
      pos += 1; // ')'
      // A lookaround consumes nothing: it only narrows what follows.
      if (lookaround) return EMPTY;
      return named ? ANY : inner;
    }
    if (c === '[') {
      let close = pos + 1;
      while (source[close] !== ']') close += source[close] === '\\' ? 2 : 1;
      const body = source.slice(pos + 1, close);
      pos = close + 1;
      if (body.startsWith('^') || body.includes('\\') || body.includes('-')) return ANY;
      return new Set([...body].map(character));
    }
    if (c === '\\') {
      const e = source[pos + 1] as string;
      pos += 2;
      if (e === 'b' || e === 'B') return EMPTY;
      if (e === 's' || e === 'd' || e === 'n' || e === 't' || !/[A-Za-z0-9]/.test(e))
        return new Set([NOT_A_LETTER]);
      return ANY;
    }
    pos += 1;
    if (c === '^' || c === '$') return EMPTY;
    if (c === '.') return ANY;
    return new Set([character(c)]);
  }

  const whole = disjunction();
  return whole === ANY || whole.has('') ? ANY : whole;
}

/**
 * Whether a match with these openings may start at a word whose first character is `first` and
 * whose second is `second` (a letter, or NOT_A_LETTER).
 */
export function mayOpenWith(open: Openings, first: string, second: string): boolean {
  return open === ANY || open.has(first) || open.has(first + second);
}
