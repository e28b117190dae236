import {
  type Faker,
  fakerDE,
  fakerEN_AU,
  fakerEN_GB,
  fakerEN_IN,
  fakerEN_US,
  fakerES,
  fakerFR,
  fakerIT,
  fakerNL,
  fakerPT_BR,
} from '@faker-js/faker';
import type { CountryCode } from 'libphonenumber-js';

export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'pt';

export interface EvalLocale {
  id: string;
  faker: Faker;
  region: CountryCode;
  language: Language;
  /** Relative share of phone sentences written in this locale. */
  weight: number;
}

export const LOCALES: readonly EvalLocale[] = [
  { id: 'en_US', faker: fakerEN_US, region: 'US', language: 'en', weight: 4 },
  { id: 'en_GB', faker: fakerEN_GB, region: 'GB', language: 'en', weight: 3 },
  { id: 'de', faker: fakerDE, region: 'DE', language: 'de', weight: 3 },
  { id: 'fr', faker: fakerFR, region: 'FR', language: 'fr', weight: 3 },
  { id: 'es', faker: fakerES, region: 'ES', language: 'es', weight: 2 },
  { id: 'it', faker: fakerIT, region: 'IT', language: 'it', weight: 1 },
  { id: 'nl', faker: fakerNL, region: 'NL', language: 'nl', weight: 1 },
  { id: 'en_AU', faker: fakerEN_AU, region: 'AU', language: 'en', weight: 1 },
  { id: 'en_IN', faker: fakerEN_IN, region: 'IN', language: 'en', weight: 1 },
  { id: 'pt_BR', faker: fakerPT_BR, region: 'BR', language: 'pt', weight: 1 },
];

/**
 * Seeds every locale's faker from `seed` and pins the date faker counts back from, so the whole
 * set is reproducible on any day (dates are formatted in UTC for the same reason).
 */
export function seedLocales(seed: number, referenceDate: string): void {
  LOCALES.forEach((locale, i) => {
    locale.faker.seed(seed + i);
    locale.faker.setDefaultRefDate(referenceDate);
  });
}

export function localeById(id: string): EvalLocale {
  const locale = LOCALES.find((l) => l.id === id);
  if (!locale) throw new Error(`unknown locale ${id}`);
  return locale;
}
