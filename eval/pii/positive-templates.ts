// Sentences that carry one labelled value. Some name the kind ("call me at"), many don't
// (signatures, lists, forms), because detectors must not lean on a cue being there.
import type { Faker } from '@faker-js/faker';
import type { Language } from './locales.ts';

export type Slot = { kind: 'slot' };
export type Template = (value: Slot, f: Faker) => (string | Slot)[];

const who = (f: Faker) => f.person.fullName();
const firm = (f: Faker) => f.company.name();
const town = (f: Faker) => f.location.city();

export const PHONE_TEMPLATES: Record<Language, Template[]> = {
  en: [
    (v) => ['Call me at ', v, ' after 5pm.'],
    (v, f) => ['You can reach ', who(f), ' on ', v, '.'],
    (v, f) => [who(f), ' (', firm(f), '): ', v],
    (v) => ['Tel: ', v],
    (v, f) => ['My mobile is ', v, ', text me anytime. ', f.person.firstName()],
    (v, f) => [who(f), ' | ', town(f), ' | ', v],
    (v) => ['If nobody answers the door, the driver will try ', v, ' before leaving a note.'],
    (v, f) => ['Emergency contact: ', who(f), ', ', v],
    (v, f) => ['Ask for ', f.person.firstName(), ' at ', v, ' between 9 and 5.'],
    (v) => ['Fax ', v, ' (accounts payable)'],
    (v, f) => ['- ', who(f), ': ', v],
    (v, f) => ['Best regards,\n', who(f), '\n', f.person.jobTitle(), '\n', v],
    (v, f) => [
      'Please rewrite this bio for ',
      who(f),
      ', who lives in ',
      town(f),
      ' and uses ',
      v,
      ' for work.',
    ],
    (v) => ['{"name": "customer", "phone": "', v, '", "tier": "gold"}'],
    (v, f) => [
      'Summarise the complaint: the caller (',
      v,
      ') says the ',
      f.commerce.product().toLowerCase(),
      ' arrived broken.',
    ],
    (v) => ['Her new number is ', v, ' but the old one still forwards.'],
  ],
  de: [
    (v) => ['Rufen Sie mich unter ', v, ' an.'],
    (v) => ['Telefon: ', v],
    (v, f) => ['Sie erreichen ', who(f), ' unter ', v, '.'],
    (v, f) => [who(f), ', ', firm(f), ', ', v],
    (v) => ['Meine Handynummer ist ', v, '.'],
    (v, f) => ['Bei Rückfragen wenden Sie sich an ', who(f), ' (', v, ').'],
    (v, f) => ['Mit freundlichen Grüßen\n', who(f), '\nTel. ', v],
    (v, f) => [
      'Bitte fasse die Nachricht von ',
      who(f),
      ' zusammen, Rückruf an ',
      v,
      ' gewünscht.',
    ],
  ],
  fr: [
    (v) => ['Appelez-moi au ', v, '.'],
    (v) => ['Mon numéro : ', v],
    (v, f) => [who(f), ' — ', v, ' — ', town(f)],
    (v, f) => ['Vous pouvez joindre ', who(f), ' au ', v, '.'],
    (v) => ['Contactez le service client au ', v, ' du lundi au vendredi.'],
    (v, f) => ['Cordialement,\n', who(f), '\n', v],
    (v, f) => [
      'Résume ce message : ',
      f.person.firstName(),
      ' demande qu’on le rappelle au ',
      v,
      '.',
    ],
  ],
  es: [
    (v) => ['Llámame al ', v, '.'],
    (v) => ['Mi teléfono es ', v, '.'],
    (v, f) => [who(f), ': ', v],
    (v, f) => ['Puede contactar con ', who(f), ' en el ', v, '.'],
    (v, f) => ['Saludos,\n', who(f), '\n', v],
  ],
  it: [
    (v) => ['Chiamami al ', v, '.'],
    (v) => ['Il mio numero è ', v, '.'],
    (v, f) => [who(f), ', ', v],
    (v, f) => ['Per informazioni rivolgersi a ', who(f), ' (', v, ').'],
  ],
  nl: [
    (v) => ['Bel me op ', v, '.'],
    (v) => ['Mijn telefoonnummer is ', v, '.'],
    (v, f) => [who(f), ': ', v],
    (v, f) => ['Met vriendelijke groet,\n', who(f), '\n', v],
  ],
  pt: [
    (v) => ['Me ligue no ', v, '.'],
    (v) => ['Meu telefone é ', v, '.'],
    (v, f) => [who(f), ' - ', v],
    (v, f) => ['Falar com ', who(f), ' pelo ', v, '.'],
  ],
};

export const EMAIL_TEMPLATES: Record<'en' | 'de' | 'fr', Template[]> = {
  en: [
    (v) => ['Send the invoice to ', v, ' please.'],
    (v, f) => [who(f), ' <', v, '>'],
    (v) => ['My email is ', v],
    (v) => ['Reply-To: ', v],
    (v) => ['[Contact us](mailto:', v, ')'],
    (v) => ['Forward anything urgent to ', v, '; I check it daily.'],
    (v, f) => [
      'Draft a polite follow-up to ',
      f.person.firstName(),
      ' (',
      v,
      ') about the overdue report.',
    ],
    (v) => ['{"user": {"email": "', v, '", "verified": true}}'],
    (v) => ['cc: ', v],
    (v) => ['"', v, '" bounced twice yesterday.'],
  ],
  de: [
    (v) => ['Meine E-Mail-Adresse lautet ', v, '.'],
    (v, f) => ['Bitte antworte ', who(f), ' unter ', v, '.'],
  ],
  fr: [(v) => ['Écrivez-moi à ', v, '.'], (v, f) => ['Le courriel de ', who(f), ' est ', v, '.']],
};

export const SSN_TEMPLATES: Template[] = [
  (v) => ['My SSN is ', v, '.'],
  (v) => ['SSN: ', v],
  (v) => ['Social Security Number ', v, ' was entered on the W-2.'],
  (v, f) => [
    who(f),
    ', DOB ',
    f.date.birthdate().toLocaleDateString('en-US', { timeZone: 'UTC' }),
    ', ',
    v,
  ],
  (v) => ['The applicant listed ', v, ' on the form.'],
  (v, f) => [
    'Employee: ',
    who(f),
    '\nID: ',
    v,
    '\nStart date: ',
    f.date.past().toISOString().slice(0, 10),
  ],
];
export const BARE_SSN_TEMPLATES: Template[] = [
  (v) => ['ssn=', v],
  (v) => ['Social security no. ', v, ' on file.'],
  (v) => ['{"ssn": "', v, '"}'],
];

export const CARD_TEMPLATES: Template[] = [
  (v) => ['Charge my card ', v, ' for the renewal.'],
  (v, f) => [
    'Card: ',
    v,
    ' exp ',
    String(f.number.int({ min: 1, max: 12 })).padStart(2, '0'),
    '/',
    String(f.number.int({ min: 26, max: 31 })),
  ],
  (v) => ['The payment with ', v, ' was declined.'],
  (v, f) => [who(f), ' paid with ', v, '.'],
  (v) => ['Kartennummer: ', v],
  (v) => ['numéro de carte ', v],
];

export const IP_TEMPLATES: Template[] = [
  (v) => ['Server ', v, ' stopped answering health checks.'],
  (v) => ['Blocked ', v, ' after 5 failed logins.'],
  (v) => ['ssh deploy@', v],
  (v, f) => [f.date.recent().toISOString(), ' GET /login 401 from ', v],
  (v) => ['The user connected from ', v, ' yesterday.'],
  (v) => ['X-Forwarded-For: ', v],
];

/** Vendor tokens stand on their own; hex and base64 keys only next to a word that says "key". */
export const SECRET_TEMPLATES: Template[] = [
  (v) => ['Why does my request fail with key ', v, '?'],
  (v) => ['export OPENAI_API_KEY=', v],
  (v) => ['Authorization: Bearer ', v],
  (v) => ['api_key = "', v, '"'],
  (v) => ['My token is ', v, ', please debug the 401.'],
];
export const CUED_SECRET_TEMPLATES: Template[] = [
  (v) => ['api_key = "', v, '"'],
  (v) => ['client_secret: ', v],
  (v) => ['Use the access key ', v, ' for the staging bucket.'],
  (v) => ['"token": "', v, '"'],
];
