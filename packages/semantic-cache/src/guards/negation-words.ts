// Negation words and signs, in the languages prompts are written in, counted.

export const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'nobody',
  'nowhere',
  'neither',
  'nor',
  'without',
  // The same in German, French, Spanish, Portuguese, Italian and Dutch: "Ich habe nicht viel
  // Geld" was served the answer to "Ich habe viel Geld". Words English uses too ("sin") are left,
  // and French "ne": "ne ... pas" is one negation, and negations are counted.
  ...['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'nie', 'niemals', 'nichts', 'ohne'],
  ...['pas', 'jamais', 'rien', 'aucun', 'aucune', 'sans', 'nunca', 'nada', 'ningún'],
  ...['ninguno', 'ninguna', 'não', 'nem', 'nenhum', 'nenhuma', 'sem', 'non', 'senza', 'niente'],
  ...['niet', 'geen', 'nooit', 'niets', 'zonder'],
  // Russian, Arabic and Korean write their negations as words of their own (decision 093).
  ...['не', 'нет', 'ни', 'никогда', 'ничего', 'без', 'нельзя'],
  ...['لا', 'ليس', 'ليست', 'لم', 'لن', 'بدون'],
  ...['안', '못'],
]);

// Korean also negates with a verb of its own, written joined to its ending: "사용하지 않아요",
// "할 수 없어요", "못해요".
const KOREAN_NEGATING_STEMS = ['않', '없', '못하', '못해', '못했'];

/**
 * Negations inside words, which the word list cannot show: Chinese and Japanese write no spaces
 * ("如何不使用…", "使いませんか"), and Hindi's "नहीं" is cut at its vowel signs by the tokeniser.
 * Compounds where the sign does not negate ("不同", "不过", "特别", "まず", "少ない") are left out.
 */
const SCRIPT_NEGATION = new RegExp(
  [
    '(?<![对對])不(?!同|过|過|管|断|斷|仅|僅|但|久|错|錯)',
    '(?<![淹埋出])[没沒](?!收)',
    '(?<=^|[\\s\\p{P}请請你您就也可千万萬])[别別](?![的人名处處称稱墅])',
    '(?<![少危汚])ない',
    'なかった',
    'なくて',
    'ません',
    '(?<![ま必は])ず(?=に|[\\s\\p{P}]|$)',
    '(?<![\\p{L}\\p{M}])(?:नहीं|मत)(?![\\p{L}\\p{M}])',
  ].join('|'),
  'gu',
);
const HAS_SCRIPT_NEGATION_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Devanagari}]/u;

/** What "only" leaves out, said after it: "one site only, not everything". */
const THE_REST = new Set('everything all anything every others rest whole'.split(' '));

/**
 * Decision 245: "for a single website only, not everything" says "only" again, the other way
 * round; it negates nothing that "for just one site" asks.
 */
function restatesOnly(words: readonly string[], i: number): boolean {
  if (words[i] !== 'not' || words[i - 1] !== 'only') return false;
  const next = words[i + 1] === 'the' ? words[i + 2] : words[i + 1];
  return next !== undefined && THE_REST.has(next);
}

/** Negation words that, with "else" after them, leave out all but what was named. */
const ALL_BUT = new Set(['nobody', 'nothing', 'none']);

/**
 * Decision 248: "allow port 5432 for 10.0.0.15, nobody else" and "… and nothing else" say "only"
 * the other way round; the difference check reads them as "only" (`difference-reading.ts`).
 */
export function saysOnlyWithElse(words: readonly string[], i: number): boolean {
  const word = words[i];
  return (
    (ALL_BUT.has(word ?? '') && words[i + 1] === 'else') ||
    (word === 'no' && words[i + 1] === 'one' && words[i + 2] === 'else')
  );
}

export function negationCount(words: readonly string[], text: string): number {
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (
      (NEGATIONS.has(word) && !restatesOnly(words, i) && !saysOnlyWithElse(words, i)) ||
      KOREAN_NEGATING_STEMS.some((stem) => word.startsWith(stem))
    ) {
      count += 1;
    }
  }
  if (HAS_SCRIPT_NEGATION_TEXT.test(text)) {
    // "没有" is one negation, not two: 有 is not in the pattern, so it counts once already.
    for (const _ of text.matchAll(SCRIPT_NEGATION)) count += 1;
  }
  return count;
}
