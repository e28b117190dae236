// Values of the other kinds, in the shapes they appear in real text.
import type { Faker } from '@faker-js/faker';

export function writeEmail(f: Faker): { text: string; form: string } {
  const first = f.person.firstName().replace(/[^A-Za-z]/g, '') || 'alex';
  const last = f.person.lastName().replace(/[^A-Za-z]/g, '') || 'smith';
  const form = f.helpers.arrayElement([
    'faker',
    'faker',
    'faker',
    'plus_tag',
    'subdomain',
    'corporate',
    'capitalised',
    'country_tld',
    'hyphenated_domain',
    'digits',
  ]);
  const domain = f.internet.domainName();
  switch (form) {
    case 'plus_tag': {
      // A tag is one word: faker's nouns in some locales are two ("conseil municipal").
      const tag = f.word
        .noun()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]/gu, '');
      return { form, text: `${first.toLowerCase()}+${tag}@${f.internet.domainName()}` };
    }
    case 'subdomain':
      return {
        form,
        text: `${first.toLowerCase()}.${last.toLowerCase()}@${f.helpers.arrayElement(['mail', 'eu', 'corp', 'us.mail'])}.${domain}`,
      };
    case 'corporate':
      return { form, text: `${first[0]?.toLowerCase()}${last.toLowerCase()}@${domain}` };
    case 'capitalised':
      return { form, text: `${first}.${last}@${domain.replace(/^./, (c) => c.toUpperCase())}` };
    case 'country_tld':
      return {
        form,
        text: `${first.toLowerCase()}_${last.toLowerCase()}@${f.internet.domainWord()}.${f.helpers.arrayElement(['co.uk', 'de', 'fr', 'com.au', 'co.in', 'com.br', 'nl', 'es', 'it'])}`,
      };
    case 'hyphenated_domain':
      return {
        form,
        text: `${last.toLowerCase()}@${f.internet.domainWord()}-${f.internet.domainWord()}.com`,
      };
    case 'digits':
      return {
        form,
        text: `${first.toLowerCase()}${f.number.int({ min: 1, max: 9999 })}@${f.internet.domainName()}`,
      };
    default:
      return { form, text: f.internet.email() };
  }
}

/** A valid SSN: area 001-899 except 666, group 01-99, serial 0001-9999. */
export function ssnDigits(f: Faker): [string, string, string] {
  let area = f.number.int({ min: 1, max: 899 });
  if (area === 666) area = 665;
  return [
    String(area).padStart(3, '0'),
    String(f.number.int({ min: 1, max: 99 })).padStart(2, '0'),
    String(f.number.int({ min: 1, max: 9999 })).padStart(4, '0'),
  ];
}

/** An SSN-shaped number that breaks one of the SSA rules. */
export function invalidSsn(f: Faker): string {
  const [area, group, serial] = ssnDigits(f);
  const broken = f.helpers.arrayElement([
    ['000', group, serial],
    ['666', group, serial],
    [String(f.number.int({ min: 900, max: 999 })), group, serial],
    [area, '00', serial],
    [area, group, '0000'],
  ]);
  return broken.join(f.helpers.arrayElement(['-', '-', ' ']));
}

const CARD_ISSUERS = [
  'visa',
  'mastercard',
  'american_express',
  'discover',
  'jcb',
  'diners_club',
  'maestro',
];

export function writeCard(f: Faker): { text: string; form: string } {
  const dashed = f.finance.creditCardNumber({ issuer: f.helpers.arrayElement(CARD_ISSUERS) });
  const form = f.helpers.arrayElement(['dashes', 'spaces', 'spaces', 'unformatted']);
  if (form === 'dashes') return { form, text: dashed };
  if (form === 'spaces') return { form, text: dashed.replace(/-/g, ' ') };
  return { form, text: dashed.replace(/-/g, '') };
}

export function writeIp(f: Faker): { text: string; form: string } {
  const form = f.helpers.arrayElement(['ipv4', 'ipv4', 'ipv6', 'ipv6_compressed']);
  if (form === 'ipv4') {
    for (;;) {
      const ip = f.internet.ipv4();
      // Loopback, unspecified and netmask-like values identify no one: not labelled as PII.
      if (!/^(?:0|127|255)\./.test(ip)) return { form, text: ip };
    }
  }
  const groups = f.internet
    .ipv6()
    .split(':')
    .map((g) => g.replace(/^0+(?=.)/, ''));
  if (form === 'ipv6') return { form, text: groups.join(':') };
  const at = f.number.int({ min: 1, max: 4 });
  const run = f.number.int({ min: 2, max: 3 });
  return { form, text: `${groups.slice(0, at).join(':')}::${groups.slice(at + run).join(':')}` };
}

export function writeSecret(f: Faker): { text: string; form: string } {
  const alnum = (n: number) => f.string.alphanumeric({ length: n, casing: 'mixed' });
  const form = f.helpers.arrayElement([
    'openai',
    'anthropic',
    'aws',
    'github',
    'slack',
    'stripe',
    'google',
    'jwt',
    'hex_key',
    'base64_key',
  ]);
  switch (form) {
    case 'openai':
      return { form, text: `sk-proj-${alnum(48)}` };
    case 'anthropic':
      return { form, text: `sk-ant-api03-${alnum(40)}_${alnum(40)}-${alnum(8)}AA` };
    case 'aws':
      return { form, text: `AKIA${f.string.alphanumeric({ length: 16, casing: 'upper' })}` };
    case 'github':
      return { form, text: `ghp_${alnum(36)}` };
    case 'slack':
      return { form, text: `xoxb-${f.string.numeric(12)}-${f.string.numeric(13)}-${alnum(24)}` };
    case 'stripe':
      return { form, text: `sk_live_${alnum(24)}` };
    case 'google':
      return { form, text: `AIza${alnum(35)}` };
    case 'jwt': {
      const part = (n: number) => alnum(n);
      return { form, text: `eyJhbGciOiJIUzI1NiJ9.eyJ${part(40)}.${part(43)}` };
    }
    case 'hex_key':
      return { form, text: f.string.hexadecimal({ length: 40, casing: 'lower', prefix: '' }) };
    default:
      return { form, text: `${alnum(40)}==` };
  }
}
