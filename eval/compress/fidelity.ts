// Fidelity items of a prompt, extracted independently of the compressor: numbers, URLs, code
// spans (fenced blocks and inline code), double-quoted strings and capitalised names (a
// capitalised word that does not open a sentence). An item is kept when the compressed text
// still contains it as a whole token.
export const FIDELITY_KINDS = ['numbers', 'urls', 'code', 'quotes', 'names'] as const;
export type FidelityKind = (typeof FIDELITY_KINDS)[number];

const FENCED = /^[ \t]*```[^\n]*\n[\s\S]*?\n[ \t]*```[ \t]*$/gm;
const INLINE_CODE = /`[^`\n]+`/g;
const URL = /https?:\/\/[^\s<>"'`)\]]+/g;
const NUMBER = /\d+(?:[.,:/-]\d+)*/g;
const QUOTED = /"[^"\n]{1,200}"|“[^”\n]{1,200}”/g;
const CAPITALISED = /(?<![\w'’-])[A-Z][A-Za-z0-9]*[a-z0-9A-Z](?:['’][a-z]+)?(?![\w-])/g;

/**
 * Capitalised words that are never names: a feedback widget's buttons ("Was this helpful? Yes
 * No"). And the words of an upper-case label opening a line ("CONFIDENTIALITY NOTICE: This
 * e-mail..."): a heading, capitalised as one, that names nothing (docs/decisions/035).
 */
const NOT_NAMES = new Set(['Yes', 'No']);
const HEADING_LABEL = /^[ \t]*((?:[A-Z]{2,} ){1,3}[A-Z]{2,}):/gm;
/**
 * A line of two or more short labels joined by " | " or " > " and nothing else: a site's menu,
 * footer links, breadcrumb or cookie buttons ("Home | Products | Pricing", "Help Center >
 * Articles"). Each label opens an item of a list laid out on one line, as a list item opens a
 * line, so its capital is not a name's (docs/decisions/053). A table row has a leading "|".
 */
const MENU_LINE =
  /^[ \t]*[A-Za-z][A-Za-z']*(?: [A-Za-z][A-Za-z']*){0,2}(?: [|>] [A-Za-z][A-Za-z']*(?: [A-Za-z][A-Za-z']*){0,2})+[ \t]*$/gm;

/**
 * A page's share buttons on a line of their own ("Share this article: Facebook Twitter LinkedIn
 * Email"): like a menu's labels, each is a button's caption, not a name the page says anything
 * about (docs/decisions/157).
 */
export const SHARE_LINE = /^[ \t]*Share(?: this [a-z]+)?:(?: [A-Z][A-Za-z-]*)+[ \t]*$/gm;

/** A sentence opens at a line start or after . ! ? : — list markers, quotes and brackets skipped. */
function opensSentence(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && /[ \t"'([“‘*_#>\-•]/.test(text[i] as string)) i -= 1;
  if (i < 0) return true;
  return /[\n.!?:]/.test(text[i] as string) || /\d\)$/.test(text.slice(Math.max(0, i - 2), i + 1));
}

function unique(matches: Iterable<string>): string[] {
  return [...new Set(matches)];
}

export function extractItems(text: string): Record<FidelityKind, string[]> {
  const code = [
    ...(text.match(FENCED) ?? []),
    ...(text.replace(FENCED, '').match(INLINE_CODE) ?? []),
  ];
  const names: string[] = [];
  // Offsets of the words of upper-case labels.
  const headings = new Set<number>();
  for (const m of text.matchAll(HEADING_LABEL)) {
    const label = m[1] ?? '';
    const at = m.index + m[0].indexOf(label);
    for (const w of label.matchAll(/\S+/g)) headings.add(at + w.index);
  }
  // Offsets covered by menu and share lines.
  const menus: [number, number][] = [];
  for (const m of text.matchAll(MENU_LINE)) menus.push([m.index, m.index + m[0].length]);
  for (const m of text.matchAll(SHARE_LINE)) menus.push([m.index, m.index + m[0].length]);
  const inMenu = (at: number) => menus.some(([from, to]) => at >= from && at < to);
  for (const m of text.matchAll(CAPITALISED)) {
    if (opensSentence(text, m.index) || NOT_NAMES.has(m[0]) || headings.has(m.index)) continue;
    if (inMenu(m.index)) continue;
    names.push(m[0]);
  }
  return {
    numbers: unique(text.match(NUMBER) ?? []),
    urls: unique((text.match(URL) ?? []).map((u) => u.replace(/[.,;:!?]+$/, ''))),
    code: unique(code.map((c) => c.trim())),
    quotes: unique(text.match(QUOTED) ?? []),
    names: unique(names),
  };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the item survives as a whole token (a kept "12" must not be the inside of "125"). */
export function isKept(item: string, kind: FidelityKind, compressed: string): boolean {
  if (kind === 'code' || kind === 'quotes' || kind === 'urls') return compressed.includes(item);
  const edge = kind === 'numbers' ? '\\d' : '[A-Za-z0-9]';
  return new RegExp(`(?<!${edge})${escapeRegex(item)}(?!${edge})`).test(compressed);
}
