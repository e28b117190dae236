// Builds the labelled PII evaluation set from a fixed faker seed, so that it can be regenerated
// byte for byte (with the same @faker-js/faker version) and reviewed as data.
import type { Faker } from '@faker-js/faker';
import type { PiiKind } from '@tokenwise/pii';
import { HARD_NEGATIVES } from './hard-negatives.ts';
import { assemble, type LabelledSentence, type Part, pii } from './labelled-text.ts';
import { type EvalLocale, LOCALES, localeById, seedLocales } from './locales.ts';
import { writePhone } from './phone-forms.ts';
import {
  BARE_SSN_TEMPLATES,
  CARD_TEMPLATES,
  CUED_SECRET_TEMPLATES,
  EMAIL_TEMPLATES,
  IP_TEMPLATES,
  PHONE_TEMPLATES,
  SECRET_TEMPLATES,
  type Slot,
  SSN_TEMPLATES,
  type Template,
} from './positive-templates.ts';
import { ssnDigits, writeCard, writeEmail, writeIp, writeSecret } from './value-samples.ts';

export const SEED = 20240515;
const REFERENCE_DATE = '2024-05-15T00:00:00.000Z';
const COUNTS = {
  phone: 760,
  email: 320,
  ssn: 220,
  card: 160,
  ip: 130,
  secret: 130,
  mixed: 160,
  negative: 560,
};

function fill(template: Template, f: Faker, kind: PiiKind, value: string): Part[] {
  const slot: Slot = { kind: 'slot' };
  return template(slot, f).map((part) => (typeof part === 'string' ? part : pii(kind, value)));
}

export function buildSentences(): LabelledSentence[] {
  seedLocales(SEED, REFERENCE_DATE);
  const driver = localeById('en_US').faker;
  const sentences: LabelledSentence[] = [];
  const add = (
    locale: EvalLocale,
    category: LabelledSentence['category'],
    tags: string[],
    parts: Part[],
  ) => {
    const { text, spans } = assemble(parts);
    sentences.push({
      id: `s${String(sentences.length + 1).padStart(4, '0')}`,
      locale: locale.id,
      category,
      tags,
      text,
      spans,
    });
  };
  const pickLocale = () =>
    driver.helpers.weightedArrayElement(LOCALES.map((l) => ({ value: l, weight: l.weight })));
  const en = localeById('en_US');

  for (let i = 0; i < COUNTS.phone; i += 1) {
    const locale = pickLocale();
    const phone = writePhone(locale);
    const template = locale.faker.helpers.arrayElement(PHONE_TEMPLATES[locale.language]);
    const tags = [`phone:${phone.form}`, ...(phone.extension ? ['phone:extension'] : [])];
    add(locale, 'positive', tags, fill(template, locale.faker, 'phone', phone.text));
  }
  for (let i = 0; i < COUNTS.email; i += 1) {
    const locale = pickLocale();
    const language = locale.language === 'de' || locale.language === 'fr' ? locale.language : 'en';
    const email = writeEmail(locale.faker);
    const template = locale.faker.helpers.arrayElement(EMAIL_TEMPLATES[language]);
    add(
      locale,
      'positive',
      [`email:${email.form}`],
      fill(template, locale.faker, 'email', email.text),
    );
  }
  for (let i = 0; i < COUNTS.ssn; i += 1) {
    const f = en.faker;
    const [area, group, serial] = ssnDigits(f);
    const form = f.helpers.weightedArrayElement([
      { value: 'dashes', weight: 7 },
      { value: 'spaces', weight: 2 },
      { value: 'bare_with_cue', weight: 2 },
    ]);
    const templates = form === 'bare_with_cue' ? BARE_SSN_TEMPLATES : SSN_TEMPLATES;
    const value =
      form === 'dashes'
        ? `${area}-${group}-${serial}`
        : form === 'spaces'
          ? `${area} ${group} ${serial}`
          : `${area}${group}${serial}`;
    add(en, 'positive', [`ssn:${form}`], fill(f.helpers.arrayElement(templates), f, 'ssn', value));
  }
  const single = (
    count: number,
    kind: PiiKind,
    write: (f: Faker) => { text: string; form: string },
    templates: (form: string) => Template[],
  ) => {
    for (let i = 0; i < count; i += 1) {
      const f = en.faker;
      const value = write(f);
      add(
        en,
        'positive',
        [`${kind}:${value.form}`],
        fill(f.helpers.arrayElement(templates(value.form)), f, kind, value.text),
      );
    }
  };
  single(COUNTS.card, 'credit_card', writeCard, () => CARD_TEMPLATES);
  single(COUNTS.ip, 'ip_address', writeIp, () => IP_TEMPLATES);
  single(COUNTS.secret, 'secret', writeSecret, (form) =>
    form === 'hex_key' || form === 'base64_key' ? CUED_SECRET_TEMPLATES : SECRET_TEMPLATES,
  );

  for (let i = 0; i < COUNTS.mixed; i += 1) {
    const locale = pickLocale();
    const f = locale.faker;
    const phone = writePhone(locale);
    const email = writeEmail(f);
    const negative = f.helpers.arrayElement(HARD_NEGATIVES);
    const parts: Part[] =
      locale.id === 'en_US' && f.datatype.boolean()
        ? [
            'Hi, I am ',
            f.person.fullName(),
            ' (',
            pii('email', email.text),
            ', ',
            pii('phone', phone.text),
            '). My SSN is ',
            pii('ssn', ssnDigits(f).join('-')),
            '. ',
            negative.make(f),
          ]
        : [
            f.person.fullName(),
            '\n',
            pii('email', email.text),
            '\n',
            pii('phone', phone.text),
            '\n',
            negative.make(f),
          ];
    add(
      locale,
      'mixed',
      [`phone:${phone.form}`, `email:${email.form}`, `negative:${negative.tag}`],
      parts,
    );
  }
  for (let i = 0; i < COUNTS.negative; i += 1) {
    const negative = HARD_NEGATIVES[i % HARD_NEGATIVES.length];
    if (!negative) continue;
    add(en, 'hard_negative', [`negative:${negative.tag}`], [negative.make(en.faker)]);
  }
  return sentences;
}
