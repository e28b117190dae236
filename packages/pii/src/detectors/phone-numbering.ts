// Validation against real numbering plans. The 'max' metadata checks each number against the
// per-type patterns (fixed line, mobile, ...), which rejects far more look-alikes than 'min'.
import {
  type CountryCode,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import type { NamedCountry, NamedRegion } from './phone-regions.ts';

interface NationalPlan {
  region: CountryCode;
  /** Which digit strings may be a number written the national way in this region. */
  writtenNationally: RegExp;
  /** The country writes its area code in brackets ("(02) 9374 4000", "(415) 555-2671"). */
  bracketsAreaCode?: true;
}

// The countries whose national (no country code) writing we recognise: the languages the product
// serves (and Japan, Korea and China, whose customers write in their own scripts). Regions with a trunk '0' need it written, as everyone there does, so "2024031500" is not
// read as a German number. NANP's leading '1', India's and Brazil's trunk prefixes are optional.
const NATIONAL_PLANS: readonly NationalPlan[] = [
  { region: 'US', writtenNationally: /^1?[2-9]\d{9}$/, bracketsAreaCode: true },
  { region: 'GB', writtenNationally: /^0\d{9,10}$/ },
  { region: 'DE', writtenNationally: /^0[1-9]\d{4,13}$/ },
  { region: 'FR', writtenNationally: /^0[1-9]\d{8}$/ },
  { region: 'ES', writtenNationally: /^[6-9]\d{8}$/ },
  { region: 'IT', writtenNationally: /^(?:0\d{5,10}|3\d{8,9})$/ },
  { region: 'NL', writtenNationally: /^0[1-9]\d{8}$/ },
  { region: 'AU', writtenNationally: /^0[1-9]\d{8}$/, bracketsAreaCode: true },
  { region: 'IN', writtenNationally: /^0?[1-9]\d{9}$/ },
  { region: 'BR', writtenNationally: /^0?[1-9]{2}9?\d{8}$/, bracketsAreaCode: true },
  // Japan and Korea write the trunk '0' ("090-1234-5678", "010-1234-5678"); Chinese mobiles
  // have no trunk prefix ("138 1234 5678"), landlines do ("010-1234 5678").
  { region: 'JP', writtenNationally: /^0\d{9,10}$/ },
  { region: 'KR', writtenNationally: /^0\d{8,10}$/ },
  { region: 'CN', writtenNationally: /^(?:1[3-9]\d{9}|0\d{9,11})$/ },
  // Read after the plans above, so a number they already read keeps its reading (decision 135).
  // Russia's trunk '8' is optional ("8 (912) 345-67-89", "(495) 123-45-67"): ten digits valid in
  // the US stay American. Poland (nine digits) and Norway (eight) have no trunk prefix.
  { region: 'RU', writtenNationally: /^8?[3489]\d{9}$/, bracketsAreaCode: true },
  { region: 'PL', writtenNationally: /^[1-9]\d{8}$/ },
  { region: 'NO', writtenNationally: /^[2-9]\d{7}$/ },
  // Then the rest of Europe's most written plans (decision 159): Denmark without a trunk prefix,
  // Portugal's nine digits start 2 (fixed) or 9 (mobile), the others with a trunk '0'.
  { region: 'DK', writtenNationally: /^[2-9]\d{7}$/ },
  { region: 'SE', writtenNationally: /^0[1-9]\d{6,8}$/ },
  { region: 'CH', writtenNationally: /^0[1-9]\d{8}$/ },
  { region: 'AT', writtenNationally: /^0[1-9]\d{3,12}$/ },
  { region: 'BE', writtenNationally: /^0[1-9]\d{7,8}$/ },
  { region: 'IE', writtenNationally: /^0[1-9]\d{6,8}$/, bracketsAreaCode: true },
  { region: 'PT', writtenNationally: /^[29]\d{8}$/ },
  { region: 'NZ', writtenNationally: /^0[2-9]\d{7,9}$/ },
];

// Singapore and Hong Kong: eight digits, no trunk prefix; read only where the line names the
// city (`regionNamedAround`), and then in place of every other plan (decision 165).
const CITY_PLANS: Record<NamedRegion, NationalPlan> = {
  SG: { region: 'SG', writtenNationally: /^[3689]\d{7}$/ },
  HK: { region: 'HK', writtenNationally: /^[2-9]\d{7}$/ },
};
const CITY_LENGTH = /^[2-9]\d{7}$/;

/** Whether `digits` could be a Singapore or Hong Kong number, so the city named is worth finding. */
export function mayBeCityNumber(digits: string): boolean {
  return CITY_LENGTH.test(digits);
}

const NAMED_COUNTRY_PLANS = NATIONAL_PLANS.filter((plan) =>
  (['AU', 'NZ', 'IE', 'DK', 'NO'] satisfies NamedCountry[]).some((c) => c === plan.region),
);
/** Whether `digits` fit the plan of a country a place name points to, so the name is worth finding. */
export function mayBeNamedCountryNumber(digits: string): boolean {
  return NAMED_COUNTRY_PLANS.some((plan) => plan.writtenNationally.test(digits));
}

/** How the number's country lays it out, nationally and internationally. */
export function layoutsOf(phone: PhoneNumber): string[] {
  return [phone.formatNational(), phone.formatInternational()];
}

let plansRead = 0;
/** How many times a number was looked up in the plans: the detector's costliest step, which a test bounds. */
export function planLookups(): number {
  return plansRead;
}

// parsePhoneNumberFromString returns undefined instead of throwing on malformed input.
function parseValid(input: string, region?: CountryCode): PhoneNumber | undefined {
  plansRead += 1;
  const phone = parsePhoneNumberFromString(input, region);
  return phone?.isValid() ? phone : undefined;
}

/** A number written with its country code ('+' or '00' already stripped to `digits`). */
export function validateInternational(digits: string): PhoneNumber | undefined {
  return parseValid(`+${digits}`) ?? parseValid(`+${withoutMexicanMobileOne(digits)}`);
}

// Mexico dropped the '1' before mobile numbers in 2019, but "+52 1 55 1234 5678" is still written.
const MEXICAN_MOBILE_ONE = /^521(\d{10})$/;
function withoutMexicanMobileOne(digits: string): string {
  return digits.replace(MEXICAN_MOBILE_ONE, '52$1');
}

/**
 * A number with its country code that has a length the country's plan allows, valid or not: the
 * ranges a plan reserves (Ofcom's drama numbers, +44 7700 900xxx) are still written as someone's
 * phone. Only read where the text gives other evidence (`judgeNumber`).
 */
export function possibleInternational(digits: string): PhoneNumber | undefined {
  plansRead += 1;
  const phone = parsePhoneNumberFromString(`+${digits}`);
  return phone?.isPossible() ? phone : undefined;
}

// In Korean text, Korea's plan is read first; in Chinese or Japanese text, Japan's and China's.
// "090-1234-5678" is also a valid British number, and "+44…" would be the wrong reading.
const EAST_ASIAN_FIRST: Record<'korean' | 'cjk', readonly CountryCode[]> = {
  korean: ['KR', 'JP', 'CN'],
  cjk: ['JP', 'CN', 'KR'],
};
const BRACKETING_PLANS = NATIONAL_PLANS.filter((plan) => plan.bracketsAreaCode).map(
  (plan) => plan.region,
);

// Ofcom sets these ranges aside for drama and examples, and libphonenumber holds them invalid:
// "07700 900123", "01632 960123", "0115 496 0123" fell through to Germany's plan. They are
// British numbers as written, the same as "+44 7700 900123" (`possibleInternational`).
const OFCOM_DRAMA = /^0(?:7700900|1632960|1154960)\d{3}$/;

/** What the text says about where the number is from, which decides which plans are read first. */
export interface ReadingHints {
  /** The East Asian script of the line around the number. */
  script?: 'korean' | 'cjk';
  /** Singapore or Hong Kong named on the line: only that city's plan is read. */
  city?: NamedRegion;
  /** Another country named on the line ("Sydney", "Dublin"): its plan is read first. */
  country?: NamedCountry;
  /** The writer bracketed the area code: the plans that write it so are read next. */
  bracketed?: boolean;
}

/**
 * The regions in which `digits`, written nationally, form a valid number, most used first (or
 * the plans the text points to first). Lazy, because parsing costs tens of microseconds and
 * the first fitting region usually settles it.
 */
export function* nationalReadings(
  digits: string,
  { script, city, country, bracketed }: ReadingHints = {},
): Generator<PhoneNumber> {
  const cityPlan = city ? CITY_PLANS[city] : undefined;
  if (cityPlan?.writtenNationally.test(digits)) {
    // "Hong Kong: 23 45 67 89" is not a Norwegian number laid out as Oslo writes it.
    const phone = parseValid(digits, cityPlan.region);
    if (phone) yield phone;
    return;
  }
  const first = [
    ...(country ? [country] : []),
    ...(bracketed ? BRACKETING_PLANS : []),
    ...(script ? EAST_ASIAN_FIRST[script] : []),
  ];
  const plans = [
    ...first.map((region) => NATIONAL_PLANS.find((plan) => plan.region === region)),
    ...NATIONAL_PLANS.filter((plan) => !first.includes(plan.region)),
  ];
  const read = new Set<CountryCode>();
  for (const plan of plans) {
    if (!plan || read.has(plan.region) || !plan.writtenNationally.test(digits)) continue;
    read.add(plan.region);
    const phone =
      parseValid(digits, plan.region) ??
      (plan.region === 'GB' && OFCOM_DRAMA.test(digits) ? parsePossible(digits, 'GB') : undefined);
    if (phone) yield phone;
  }
}

function parsePossible(input: string, region: CountryCode): PhoneNumber | undefined {
  plansRead += 1;
  const phone = parsePhoneNumberFromString(input, region);
  return phone?.isPossible() ? phone : undefined;
}
