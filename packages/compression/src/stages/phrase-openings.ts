// How a match of a phrase pattern may open, so a long alternation of phrases can try at a word
// only the phrases that may start with its first two characters (decision 150). Reads the phrase
// lists' regex syntax (literals, groups, alternatives, classes, quantifiers, lookarounds) as
// matched case-insensitively without the `u` flag. Errs towards "may": whatever it does not read
// may open with anything, and a pattern that may match nothing at all may open anywhere.

/** Any character that is not an ASCII letter, end of text included. */
export const NOT_A_LETTER = '#';
/** Strings of up to n characters a match may open with (letters lower-cased), or anything. */
export type Openings = ReadonlySet<string> | 'any';

const ANY = 'any';
const EMPTY: ReadonlySet<string> = new Set(['']);

function union(a: Openings, b: Openings): Openings {
  return a === ANY || b === ANY ? ANY : new Set([...a, ...b]);
}

/** What a match of `a` then `b` may open with, up to `length` characters. */
function concat(a: Openings, b: Openings, length: number): Openings {
  if (a === ANY) return ANY;
  const out = new Set<string>();
  for (const x of a) {
    if (x.length >= length) {
      out.add(x);
      continue;
    }
    if (b === ANY) return ANY;
    for (const y of b) out.add((x + y).slice(0, length));
  }
  return out;
}

/** A space (U+0020), told apart from other non-letters where `openings` is asked to. */
export const SPACE = ' ';

/**
 * The openings of a match of the regex source: its first `length` characters, or the whole match
 * where it is shorter. With `spaces`, a space is SPACE and NOT_A_LETTER any other non-letter.
 */
export function openings(source: string, length = 2, spaces = false): Openings {
  /**
   * An ASCII letter, lower-cased, or NOT_A_LETTER. Without the `u` flag no other character
   * matches an ASCII letter case-insensitively (not "K", the Kelvin sign, though it lower-cases
   * to "k").
   */
  function character(c: string): string {
    if (spaces && c === SPACE) return SPACE;
    return /^[A-Za-z]$/.test(c) ? c.toLowerCase() : NOT_A_LETTER;
  }

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
      result = concat(result, quantified(atom()), length);
    return result;
  }
  function quantified(part: Openings): Openings {
    const c = source[pos];
    let result = part;
    if (c === '?') result = union(part, EMPTY);
    else if (c === '*') result = union(EMPTY, repeated(part));
    else if (c === '+') result = repeated(part);
    else if (c === '{') {
      pos = source.indexOf('}', pos);
      result = ANY;
    } else return part;
    pos += 1;
    if (source[pos] === '?') pos += 1;
    return result;
  }
  /** One or more of `part`: enough of them to fill `length` characters ("in   order"). */
  function repeated(part: Openings): Openings {
    let result = part;
    let times = part;
    for (let n = 2; n <= length; n += 1) {
      times = concat(times, part, length);
      result = union(result, times);
    }
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
      if (e === 's') return new Set(spaces ? [SPACE, NOT_A_LETTER] : [NOT_A_LETTER]);
      if (e === 'd' || e === 'n' || e === 't') return new Set([NOT_A_LETTER]);
      if (!/[A-Za-z0-9]/.test(e)) return new Set([character(e)]);
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

const TERMINAL = 1 << 28;

/** Bits set in a 32-bit integer. */
function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A test of whether a match of any of the sources may start at a place in a text, read from
 * their openings of up to `length` characters (decision 174); undefined where one of them may
 * open with anything. The openings are a trie: each node a bit per next character (a letter,
 * SPACE, or NOT_A_LETTER for any other character) and one for "an opening ends here", its
 * children stored together in that order. The text is read as the openings are: an ASCII letter
 * lower-cased, a space as SPACE, any other character as NOT_A_LETTER, and the end of the text as
 * nothing more. A placeholder is NOT_A_LETTER: "and" before a name is no "and   " (spaces).
 */
export function openingTest(
  sources: readonly string[],
  length: number,
): ((text: string, at: number) => boolean) | undefined {
  type Node = { ends: boolean; next: Map<number, Node> };
  const root: Node = { ends: false, next: new Map() };
  for (const source of sources) {
    const open = openings(source, length, true);
    if (open === ANY) return undefined;
    for (const opening of open) {
      let node = root;
      for (const c of opening) {
        const symbol = c === NOT_A_LETTER ? 26 : c === SPACE ? 27 : c.charCodeAt(0) - 97;
        let child = node.next.get(symbol);
        if (!child) {
          child = { ends: false, next: new Map() };
          node.next.set(symbol, child);
        }
        node = child;
      }
      node.ends = true;
    }
  }
  const order: Node[] = [root];
  const bits: number[] = [];
  const firstChild: number[] = [];
  for (let i = 0; i < order.length; i += 1) {
    const node = order[i] as Node;
    let mask = node.ends ? TERMINAL : 0;
    firstChild.push(order.length);
    for (let symbol = 0; symbol <= 27; symbol += 1) {
      const child = node.next.get(symbol);
      if (!child) continue;
      mask |= 1 << symbol;
      order.push(child);
    }
    bits.push(mask);
  }
  const masks = Int32Array.from(bits);
  const children = Int32Array.from(firstChild);
  return (text, at) => {
    let node = 0;
    for (let i = at; ; i += 1) {
      const mask = masks[node] as number;
      if ((mask & TERMINAL) !== 0) return true;
      if (i >= text.length) return false;
      const c = text.charCodeAt(i);
      const symbol =
        c >= 97 && c <= 122 ? c - 97 : c >= 65 && c <= 90 ? c - 65 : c === 32 ? 27 : 26;
      const bit = 1 << symbol;
      if ((mask & bit) === 0) return false;
      node = (children[node] as number) + bitCount(mask & (bit - 1));
    }
  };
}
