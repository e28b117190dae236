// Fills the {placeholders} of the source texts with faker values, so each prompt names different
// companies, people, cities, amounts and dates.
import { faker } from '@faker-js/faker';

export interface Entities {
  company: string;
  product: string;
  person: string;
  person2: string;
  city: string;
  country: string;
  domain: string;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function pickEntities(): Entities {
  const company = faker.company.name();
  const slug = company
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    company,
    product: `${capitalise(faker.word.noun({ length: { min: 4, max: 8 } }))}${faker.helpers.arrayElement(['ly', 'io', 'Hub', 'Desk', 'Flow', ' Pro'])}`,
    person: faker.person.fullName(),
    person2: faker.person.fullName(),
    city: faker.location.city(),
    country: faker.location.country(),
    domain: `${slug}.${faker.helpers.arrayElement(['com', 'io', 'co.uk', 'de', 'net'])}`,
  };
}

function amount(): string {
  const value = faker.number.int({ min: 20, max: 2_000 });
  const currency = faker.helpers.arrayElement(['$', '€', '£']);
  return `${currency}${value.toLocaleString('en-US')}`;
}

function date(): string {
  const d = faker.date.between({ from: '2024-01-01', to: '2026-12-31' });
  return faker.helpers.arrayElement([
    d.toISOString().slice(0, 10),
    d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
  ]);
}

const fillers: Record<string, (e: Entities) => string> = {
  company: (e) => e.company,
  product: (e) => e.product,
  person: (e) => e.person,
  person2: (e) => e.person2,
  city: (e) => e.city,
  country: (e) => e.country,
  url: (e) =>
    `https://${faker.helpers.arrayElement(['dashboard', 'app', 'docs', 'www'])}.${e.domain}/${faker.helpers.arrayElement(['settings/api-keys', 'keys', 'developers', 'account/security'])}`,
  email: (e) =>
    `${faker.helpers.arrayElement(['people', 'hr', 'privacy', 'support', 'benefits'])}@${e.domain}`,
  phone: () => faker.phone.number({ style: 'international' }),
  amount: () => amount(),
  date: () => date(),
  percent: () => `${faker.number.int({ min: 3, max: 48 })}%`,
  number: () => String(faker.helpers.arrayElement([60, 100, 250, 500, 1000, 5000])),
  small: () => String(faker.number.int({ min: 2, max: 6 })),
  weeks: () => String(faker.helpers.arrayElement([12, 16, 18, 20, 26])),
  version: () => faker.system.semver(),
  order: () =>
    `${faker.helpers.arrayElement(['INV-', 'PO-', '#', 'ORD-'])}${faker.number.int({ min: 10_000, max: 999_999 })}`,
};

export function fill(text: string, entities: Entities): string {
  return text.replace(/\{([a-z0-9]+)\}/g, (whole, key: string) => {
    const make = fillers[key];
    return make ? make(entities) : whole;
  });
}
