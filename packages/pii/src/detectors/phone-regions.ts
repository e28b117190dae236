import { lineAfter, lineBefore } from './text-context.ts';

// Singapore and Hong Kong write eight digits with no trunk prefix ("6123 4567", "2345 6789"),
// like order numbers and counts everywhere. Their plans are read only where the line names the
// city or writes its country code (decision 165); the name nearest before the number wins.
export type NamedRegion = 'SG' | 'HK';

const NAMES = /(?<![\p{L}\p{N}])(?:(singapo(?:re|ur|ura)|singapur)|(hong[ -]?kong))(?![\p{L}])/giu;
const CODES =
  /(?<![\p{L}\p{N}])(?:(SG|SGP)|(HK|HKG))(?![\p{L}\p{N}])|(新加坡|星加坡|シンガポール|싱가포르|\+[ \u00A0]?65(?!\d))|(香港|홍콩|\+[ \u00A0]?852(?!\d))/gu;

function regionsIn(text: string): { index: number; region: NamedRegion }[] {
  const found: { index: number; region: NamedRegion }[] = [];
  for (const match of text.matchAll(NAMES)) {
    found.push({ index: match.index, region: match[1] ? 'SG' : 'HK' });
  }
  for (const match of text.matchAll(CODES)) {
    found.push({ index: match.index, region: match[1] || match[3] ? 'SG' : 'HK' });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The city the line names around the number: the nearest before it, else the first after. */
export function regionNamedAround(
  text: string,
  start: number,
  end: number,
): NamedRegion | undefined {
  return (
    regionsIn(lineBefore(text, start, 64)).at(-1)?.region ??
    regionsIn(lineAfter(text, end, 32))[0]?.region
  );
}
