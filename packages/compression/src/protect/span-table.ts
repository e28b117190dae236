// Protected spans are swapped for placeholders built from Private Use Area characters. No stage's
// pattern matches those characters, so a stage cannot alter what they stand for, and to the
// pruning stage a placeholder is one opaque, unprunable word.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const DIGIT_ZERO = 0xe010;
const BASE = 64;

/** Matches one placeholder. Global: callers must reset lastIndex or use it with replace/matchAll. */
export const PLACEHOLDER = /\uE000[\uE010-\uE04F]+\uE001/g;
/** Characters the placeholders are made of; input containing them is protected before anything else. */
export const PLACEHOLDER_CHARS = /[\uE000-\uE04F]+/g;

function encode(index: number): string {
  let digits = '';
  let rest = index;
  do {
    digits = String.fromCharCode(DIGIT_ZERO + (rest % BASE)) + digits;
    rest = Math.floor(rest / BASE);
  } while (rest > 0);
  return OPEN + digits + CLOSE;
}

/** Index stored in the placeholder that opens at `open` and closes at `close` in `text`. */
function decode(text: string, open: number, close: number): number {
  let index = 0;
  for (let i = open + 1; i < close; i += 1)
    index = index * BASE + (text.charCodeAt(i) - DIGIT_ZERO);
  return index;
}

export class SpanTable {
  private readonly spans: string[] = [];
  private readonly byText = new Map<string, string>();

  /**
   * Stores a span and returns its placeholder. A span may contain placeholders from earlier
   * passes; they are expanded first so every stored span is original text. Equal spans share a
   * placeholder, which lets the duplicate stage see repeated blocks as equal.
   */
  protect(span: string): string {
    return this.store(this.restore(span));
  }

  /** Stores text exactly as given, even if it looks like placeholders (input that holds PUA characters). */
  protectVerbatim(span: string): string {
    return this.store(span);
  }

  private store(raw: string): string {
    const known = this.byText.get(raw);
    if (known) return known;
    const placeholder = encode(this.spans.length);
    this.spans.push(raw);
    this.byText.set(raw, placeholder);
    return placeholder;
  }

  restore(text: string): string {
    let at = text.indexOf(OPEN);
    if (at === -1) return text;
    // One placeholder alone (a stage asking what a span is): its span, without building a copy.
    if (at === 0 && text.indexOf(CLOSE) === text.length - 1) {
      const span = this.spans[decode(text, 0, text.length - 1)];
      if (span !== undefined) return span;
    }
    let out = '';
    let from = 0;
    while (at !== -1) {
      const close = text.indexOf(CLOSE, at);
      out +=
        text.slice(from, at) + (this.spans[decode(text, at, close)] ?? text.slice(at, close + 1));
      from = close + 1;
      at = text.indexOf(OPEN, from);
    }
    return out + text.slice(from);
  }

  /** Length of the text once restored, without building it. */
  restoredLength(text: string): number {
    let length = text.length;
    for (let at = text.indexOf(OPEN); at !== -1; at = text.indexOf(OPEN, at + 1)) {
      const close = text.indexOf(CLOSE, at);
      length += (this.spans[decode(text, at, close)]?.length ?? 0) - (close + 1 - at);
    }
    return length;
  }
}

export function isPlaceholderOnly(text: string): boolean {
  if (!text.includes(OPEN)) return text.trim() === '';
  return text.replace(PLACEHOLDER, '').trim() === '';
}
