// Ways people write one phone number. The number itself comes from faker's locale formats,
// resampled until it is a real-plan number of the locale's country (faker's digits often are not,
// e.g. unassigned US area codes); the layouts are the country's own (libphonenumber's national
// and international formats) plus the common variations seen in signatures, forms and chat.
import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { EvalLocale } from './locales.ts';

export type PhoneForm =
  | 'national'
  | 'international'
  | 'e164'
  | 'international_dashes'
  | 'national_dots'
  | 'national_dashes'
  | 'idd_00'
  | 'trunk_in_brackets'
  | 'us_leading_one'
  | 'de_slash'
  | 'faker_format'
  | 'unformatted'
  | 'informal_grouping';

const FORM_WEIGHTS: readonly { value: PhoneForm; weight: number }[] = [
  { value: 'national', weight: 22 },
  { value: 'international', weight: 18 },
  { value: 'e164', weight: 8 },
  { value: 'international_dashes', weight: 5 },
  { value: 'national_dots', weight: 6 },
  { value: 'national_dashes', weight: 6 },
  { value: 'idd_00', weight: 5 },
  { value: 'trunk_in_brackets', weight: 4 },
  { value: 'us_leading_one', weight: 3 },
  { value: 'de_slash', weight: 2 },
  { value: 'faker_format', weight: 8 },
  { value: 'unformatted', weight: 6 },
  { value: 'informal_grouping', weight: 7 },
];
const TRUNK_ZERO_REGIONS = new Set(['GB', 'DE', 'FR', 'NL', 'AU', 'IN']);
const EXTENSIONS = [' ext. ', ' x', ' ext ', ', ext. ', ' extension '];

interface SampledNumber {
  phone: PhoneNumber;
  /** The string faker produced for it. */
  fakerText: string;
}

function sampleNumber(locale: EvalLocale): SampledNumber {
  const { faker, region } = locale;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const style = faker.helpers.arrayElement(['human', 'national', 'international'] as const);
    const fakerText = faker.phone.number({ style });
    const phone = parsePhoneNumberFromString(fakerText, region);
    if (phone?.isValid() && phone.country === region && !phone.ext) return { phone, fakerText };
  }
  throw new Error(`faker produced no valid ${region} number in 200 tries`);
}

function applies(form: PhoneForm, locale: EvalLocale): boolean {
  if (form === 'trunk_in_brackets') return TRUNK_ZERO_REGIONS.has(locale.region);
  if (form === 'us_leading_one') return locale.region === 'US';
  if (form === 'de_slash') return locale.region === 'DE';
  return true;
}

/** A written phone number for `locale`, and which form it was written in. */
export function writePhone(locale: EvalLocale): {
  text: string;
  form: PhoneForm;
  extension: boolean;
} {
  const { faker } = locale;
  const sampled = sampleNumber(locale);
  const form = faker.helpers.weightedArrayElement(
    FORM_WEIGHTS.filter((f) => applies(f.value, locale)),
  );
  let text = layout(sampled, form, locale);
  const extension = form !== 'faker_format' && faker.number.int(99) < 8;
  if (extension) {
    text +=
      faker.helpers.arrayElement(EXTENSIONS) + faker.string.numeric({ length: { min: 2, max: 4 } });
  }
  return { text, form, extension };
}

function layout({ phone, fakerText }: SampledNumber, form: PhoneForm, locale: EvalLocale): string {
  const national = phone.formatNational();
  const international = phone.formatInternational();
  const nationalDigits = national.replace(/\D/g, '');
  switch (form) {
    case 'national':
      return national;
    case 'international':
      return international;
    case 'e164':
      return phone.number;
    case 'international_dashes':
      return international.replace(/ /g, '-');
    case 'national_dots':
      return national.replace(/[()]/g, '').replace(/[ -]+/g, '.');
    case 'national_dashes':
      return national.replace(/[()]/g, '').replace(/[ .]+/g, '-').replace(/-+/g, '-');
    case 'idd_00':
      return `00${international.slice(1)}`;
    case 'trunk_in_brackets': {
      const withoutTrunk = national.replace(/[()]/g, '').replace(/^0/, '');
      return `+${phone.countryCallingCode} (0)${withoutTrunk}`;
    }
    case 'us_leading_one':
      return locale.faker.helpers.arrayElement([
        `1-${national.replace(/[()]/g, '').replace(/ /g, '-')}`,
        `+1 ${national}`,
      ]);
    case 'de_slash':
      return national.replace(' ', '/');
    case 'faker_format':
      return fakerText;
    case 'unformatted':
      return nationalDigits;
    case 'informal_grouping':
      return regroup(nationalDigits, locale);
  }
}

// Groups of three or four from the left, the way people type a number they read out in chunks.
function regroup(digits: string, locale: EvalLocale): string {
  const sizes = locale.faker.helpers.arrayElement([
    [3, 3],
    [4, 3],
    [3, 4],
    [4, 4],
    [5, 3],
  ]);
  const groups: string[] = [];
  let rest = digits;
  for (const size of sizes) {
    if (rest.length <= size + 2) break;
    groups.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  groups.push(rest);
  return groups.join(locale.faker.helpers.arrayElement([' ', ' ', '-']));
}
