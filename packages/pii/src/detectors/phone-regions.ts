import { lineAfter, lineBefore } from './text-context.ts';

// Singapore and Hong Kong write eight digits with no trunk prefix ("6123 4567", "2345 6789"),
// like order numbers and counts everywhere. Their plans are read only where the line names the
// city or writes its country code (decision 165); the name nearest before the number wins.
export type NamedRegion = 'SG' | 'HK';

const NAMES = /(?<![\p{L}\p{N}])(?:(singapo(?:re|ur|ura)|singapur)|(hong[ -]?kong))(?![\p{L}])/giu;
const CODES =
  /(?<![\p{L}\p{N}])(?:(SG|SGP)|(HK|HKG))(?![\p{L}\p{N}])|(新加坡|星加坡|シンガポール|싱가포르|\+[ \u00A0]?65(?!\d))|(香港|홍콩|\+[ \u00A0]?852(?!\d))/gu;

function regionsIn(text: string): { index: number; name: NamedRegion }[] {
  const found: { index: number; name: NamedRegion }[] = [];
  for (const match of text.matchAll(NAMES)) {
    found.push({ index: match.index, name: match[1] ? 'SG' : 'HK' });
  }
  for (const match of text.matchAll(CODES)) {
    found.push({ index: match.index, name: match[1] || match[3] ? 'SG' : 'HK' });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The city the line names around the number: the nearest before it, else the first after. */
export function regionNamedAround(
  text: string,
  start: number,
  end: number,
): NamedRegion | undefined {
  return namedAround(regionsIn, text, start, end);
}

/** What `find` names on the line: the nearest before the number, else the first after it. */
function namedAround<T>(
  find: (line: string) => { name: T }[],
  text: string,
  start: number,
  end: number,
): T | undefined {
  return find(lineBefore(text, start, 64)).at(-1)?.name ?? find(lineAfter(text, end, 32))[0]?.name;
}

// Countries whose plan is read late (decisions 135, 159) and shares digits with one read earlier:
// "02 9374 4000" is valid in Milan and in Sydney, "32 12 34 56" in Oslo and in Copenhagen. Where
// the line names the country or a city with its own area code, its plan is read first. English
// and local names; "New South Wales" is Australian, not Welsh.
export type NamedCountry = 'AU' | 'NZ' | 'IE' | 'DK' | 'NO';
const COUNTRY_NAMES: readonly (readonly [NamedCountry, string])[] = [
  [
    'AU',
    'australia|australian|new south wales|nsw|sydney|melbourne|brisbane|perth|adelaide|canberra|hobart|darwin',
  ],
  ['NZ', 'new zealand|aotearoa|auckland|wellington|christchurch'],
  ['IE', 'ireland|irish|éire|dublin|cork|galway|limerick'],
  ['DK', 'denmark|danish|danmark|københavn|copenhagen|aarhus|odense'],
  ['NO', 'norway|norwegian|norge|oslo|bergen|trondheim|stavanger'],
];
const COUNTRIES = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${COUNTRY_NAMES.map(([, names]) => `(${names})`).join('|')})(?![\\p{L}])`,
  'giu',
);

function countriesIn(text: string): { name: NamedCountry }[] {
  const found: { name: NamedCountry }[] = [];
  for (const match of text.matchAll(COUNTRIES)) {
    const group = match.findIndex((g, i) => i > 0 && g !== undefined);
    const entry = COUNTRY_NAMES[group - 1];
    if (entry) found.push({ name: entry[0] });
  }
  return found;
}

/** The country the line names around the number: the nearest before it, else the first after. */
export function countryNamedAround(
  text: string,
  start: number,
  end: number,
): NamedCountry | undefined {
  return namedAround(countriesIn, text, start, end);
}
