import { PRODUCT_SHORT_NAMES } from '../lib/product-short-names.ts';

// Named entities without a tagger: runs of capitalised words inside a sentence ("New Zealand",
// "George Orwell") and all-caps acronyms. "capital of Australia" and "capital of Austria" differ
// by one letter; their answers do not.

/** Capitalised words that are not names. */
const NOT_NAMES = new Set([
  'I',
  'OK',
  'Okay',
  'Hi',
  'Hello',
  'Hey',
  'Please',
  'Thanks',
  'Yes',
  'No',
]);

/** Common other names of the same place, in compact form. */
const ALIAS_LIST: Record<string, string> = {
  unitedstates: 'us',
  unitedstatesofamerica: 'us',
  usa: 'us',
  america: 'us',
  unitedkingdom: 'uk',
  greatbritain: 'uk',
  britain: 'uk',
  europeanunion: 'eu',
  // Frameworks named with and without their ".js": "Node.js" and "node" are one runtime.
  nodejs: 'node',
  reactjs: 'react',
  vuejs: 'vue',
  expressjs: 'express',
};
// A Map, not the object: a property read with a word built from parts costs a string-table lookup
// (a fifth of the guards' time), and a prompt word like "constructor" must not find Object's own.
const ALIASES = new Map([
  ...Object.entries(ALIAS_LIST),
  ...Object.entries(PRODUCT_SHORT_NAMES).flatMap(([name, shorts]) =>
    shorts.map((short): [string, string] => [short, name]),
  ),
]);

/**
 * Compact entity names of a text (dates and identifiers already blanked out). A text in title
 * case capitalises every word, so there only acronyms count.
 */
export function findEntities(text: string): string[] {
  const words = [...text.matchAll(/[\p{L}][\p{L}\p{N}'’.-]*[\p{L}\p{N}]|[\p{L}]/gu)];
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w[0])).length;
  const titleCase = words.length >= 4 && capitalised / words.length > 0.6;
  const entities = new Set<string>();
  let run: string[] = [];
  let runEnd = -1;
  const flush = () => {
    if (run.length) entities.add(canonicalName(run.join('')));
    run = [];
  };
  for (const match of words) {
    // A contraction's ending is no part of a name: "I'm" is "I", "Docker's" is "Docker".
    const word = match[0].replace(/['’](?:s|m|ll|d|ve|re)$/, '');
    const start = match.index ?? 0;
    const acronym = /^\p{Lu}[\p{Lu}\p{N}]+s?$/u.test(word);
    const name = /^\p{Lu}/u.test(word) && !titleCase && !startsSentence(text, start);
    const isEntity = (acronym || name) && !NOT_NAMES.has(word);
    if (!isEntity || !/^\s+$/.test(text.slice(runEnd, start))) flush();
    if (isEntity) {
      run.push(word.replace(/(?<=\p{Lu})s$/u, ''));
      runEnd = start + match[0].length;
    }
  }
  flush();
  return [...entities];
}

function startsSentence(text: string, start: number): boolean {
  const before = text.slice(0, start).trimEnd();
  return before === '' || /[.!?:;"“(\n]$/.test(before);
}

/** Lower case, letters and digits only: "Wi-Fi", "WiFi" and "wifi" compare equal. */
export function compact(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

/** The compact form with well-known aliases folded: "United States" and "USA" become "us". */
export function canonicalName(name: string): string {
  return foldAlias(compact(name));
}

/** A compact name with well-known aliases folded. */
export function foldAlias(key: string): string {
  return ALIASES.get(key) ?? key;
}
