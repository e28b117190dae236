// Sentences with digits, '@' signs and tokens that look like personal data but are not: order
// and tracking numbers, dates, timestamps, versions, prices, postcodes, ISBNs, IBANs, hashes,
// invalid SSNs, cards failing Luhn, code. Some carry a phone-ish word on purpose.
import type { Faker } from '@faker-js/faker';
import { invalidSsn } from './value-samples.ts';

export interface HardNegative {
  tag: string;
  make: (f: Faker) => string;
}

const digits = (f: Faker, n: number) => f.string.numeric({ length: n, allowLeadingZeros: false });
const pad = (n: number, size = 2) => String(n).padStart(size, '0');
const day = (f: Faker) => f.number.int({ min: 1, max: 28 });
const month = (f: Faker) => f.number.int({ min: 1, max: 12 });
const year = (f: Faker) => f.number.int({ min: 1990, max: 2030 });
const time = (f: Faker) => `${pad(f.number.int(23))}:${pad(f.number.int(59))}`;

function cardFailingLuhn(f: Faker): string {
  const valid = f.finance.creditCardNumber({ issuer: 'visa' }).replace(/\D/g, '');
  const last = Number(valid.at(-1));
  const broken = `${valid.slice(0, -1)}${(last + f.number.int({ min: 1, max: 9 })) % 10}`;
  return broken.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export const HARD_NEGATIVES: readonly HardNegative[] = [
  {
    tag: 'order_number',
    make: (f) => `Your order #${digits(f, 3)}-${digits(f, 7)}-${digits(f, 7)} has shipped.`,
  },
  {
    tag: 'order_number',
    make: (f) =>
      `Order ${digits(f, 10)} was delivered on ${f.date.recent().toUTCString().slice(0, 16)}.`,
  },
  {
    tag: 'order_number',
    make: (f) => `Please call support about order no. ${digits(f, 9)}, it never arrived.`,
  },
  {
    tag: 'order_number',
    make: (f) => `Bestellnummer ${digits(f, 10)} vom ${pad(day(f))}.${pad(month(f))}.${year(f)}`,
  },
  { tag: 'order_number', make: (f) => `Commande n° ${digits(f, 8)} expédiée.` },
  { tag: 'order_number', make: (f) => `Invoice INV-${year(f)}-${digits(f, 6)} is overdue.` },
  {
    tag: 'order_number',
    make: (f) => `PO-${year(f)}-${pad(f.number.int(999), 5)} approved by finance.`,
  },
  {
    tag: 'date',
    make: (f) => `The meeting moved to ${year(f)}-${pad(month(f))}-${pad(day(f))} at ${time(f)}.`,
  },
  {
    tag: 'date',
    make: (f) => `Termin am ${pad(day(f))}.${pad(month(f))}.${year(f)} um ${time(f)} Uhr.`,
  },
  {
    tag: 'date',
    make: (f) =>
      `Due ${pad(month(f))}/${pad(day(f))}/${year(f)}, reminder on ${pad(month(f))}/${pad(day(f))}/${year(f)}.`,
  },
  { tag: 'date', make: (f) => `Rendez-vous le ${pad(day(f))}/${pad(month(f))}/${year(f)}.` },
  {
    tag: 'date',
    make: (f) =>
      `Between ${year(f)}-${pad(month(f))}-${pad(day(f))} and ${year(f)}-${pad(month(f))}-${pad(day(f))} sales doubled.`,
  },
  { tag: 'timestamp', make: (f) => `Created at ${f.date.recent().toISOString()} by the cron job.` },
  {
    tag: 'timestamp',
    make: (f) =>
      `{"ts": ${f.number.int({ min: 1_500_000_000, max: 1_800_000_000 })}, "level": "info"}`,
  },
  {
    tag: 'timestamp',
    make: (f) => `epoch_ms=${f.number.int({ min: 1_500_000_000_000, max: 1_800_000_000_000 })}`,
  },
  {
    tag: 'timestamp',
    make: (f) =>
      `[${year(f)}-${pad(month(f))}-${pad(day(f))} ${time(f)}:${pad(f.number.int(59))}.${digits(f, 3)}] worker 7 restarted`,
  },
  { tag: 'version', make: (f) => `Upgrade to version ${f.system.semver()} before Friday.` },
  {
    tag: 'version',
    make: (f) => `Released v${f.system.semver()} with ${f.number.int({ min: 2, max: 40 })} fixes.`,
  },
  {
    tag: 'version',
    make: (f) =>
      `Windows 10.0.${f.number.int({ min: 19041, max: 22631 })}.${f.number.int({ min: 1000, max: 4000 })} crashes on boot.`,
  },
  {
    tag: 'version',
    make: (f) =>
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${f.number.int({ min: 100, max: 131 })}.0.${f.number.int({ min: 4000, max: 6999 })}.${f.number.int({ min: 10, max: 200 })} Safari/537.36`,
  },
  {
    tag: 'version',
    make: (f) =>
      `AssemblyVersion ${f.number.int(9)}.${f.number.int(9)}.${f.number.int(20)}.${f.number.int(200)}`,
  },
  {
    tag: 'price',
    make: (f) =>
      `Total: $${f.number.int({ min: 1, max: 9 })},${digits(f, 3)}.${pad(f.number.int(99))} incl. tax.`,
  },
  {
    tag: 'price',
    make: (f) =>
      `Preis: ${f.number.int({ min: 1, max: 9 })}.${digits(f, 3)},${pad(f.number.int(99))} €`,
  },
  {
    tag: 'price',
    make: (f) =>
      `Budget USD ${f.number.int({ min: 1, max: 9 })},${digits(f, 3)},${digits(f, 3)}.${pad(f.number.int(99))} for ${year(f)}.`,
  },
  {
    tag: 'price',
    make: (f) => `Prix : ${f.number.int({ min: 1, max: 9 })} ${digits(f, 3)} ${digits(f, 3)},00 €`,
  },
  {
    tag: 'price',
    make: (f) =>
      `It costs £${f.number.int({ min: 100, max: 999 })}.${pad(f.number.int(99))} or ${f.number.int({ min: 10, max: 99 })} monthly payments.`,
  },
  {
    tag: 'postcode',
    make: (f) =>
      `Ship to ${f.location.streetAddress()}, ${f.location.city()}, CA ${digits(f, 5)}-${digits(f, 4)}.`,
  },
  {
    tag: 'postcode',
    make: (f) => `${f.location.streetAddress()}, ${digits(f, 5)} ${f.location.city()}`,
  },
  {
    tag: 'tracking',
    make: (f) =>
      `Tracking number: 1Z${f.string.alphanumeric({ length: 6, casing: 'upper' })}${digits(f, 10)}`,
  },
  {
    tag: 'tracking',
    make: (f) => `Your parcel ${digits(f, 4)} ${digits(f, 4)} ${digits(f, 4)} is out for delivery.`,
  },
  {
    tag: 'tracking',
    make: (f) =>
      `USPS ${digits(f, 4)} ${digits(f, 4)} ${digits(f, 4)} ${digits(f, 4)} ${digits(f, 4)} ${digits(f, 2)}`,
  },
  { tag: 'tracking', make: (f) => `Sendungsnummer 00${digits(f, 18)}` },
  { tag: 'isbn', make: (f) => `ISBN ${f.commerce.isbn(13)}` },
  {
    tag: 'isbn',
    make: (f) =>
      `See ${f.book.title()} (ISBN ${f.commerce.isbn(10)}), chapter ${f.number.int({ min: 1, max: 20 })}.`,
  },
  { tag: 'iban', make: (f) => `IBAN: ${f.finance.iban({ formatted: true })}` },
  {
    tag: 'account_number',
    make: (f) =>
      `Account number ${f.finance.accountNumber(10)}, routing ${f.finance.routingNumber()}`,
  },
  { tag: 'invalid_ssn', make: (f) => `The form rejected SSN ${invalidSsn(f)} as invalid.` },
  { tag: 'invalid_ssn', make: (f) => `Test value ${invalidSsn(f)} is reserved.` },
  { tag: 'nine_digits', make: (f) => `Reference ${digits(f, 9)} for your claim.` },
  { tag: 'nine_digits', make: (f) => `Ticket ${digits(f, 9)} was closed.` },
  { tag: 'card_failing_luhn', make: (f) => `Gift card code ${cardFailingLuhn(f)}` },
  {
    tag: 'big_number',
    make: (f) =>
      `Population: ${f.number.int({ min: 1, max: 9 })},${digits(f, 3)},${digits(f, 3)} (${year(f)} census).`,
  },
  {
    tag: 'big_number',
    make: (f) =>
      `The dataset has ${f.number.int({ min: 1_000_000, max: 99_999_999 })} rows and ${f.number.int({ min: 5, max: 400 })} columns.`,
  },
  {
    tag: 'amount_spaced',
    make: (f) =>
      `Le budget atteint ${f.number.int({ min: 100, max: 999 })} ${digits(f, 3)} 000 € cette année.`,
  },
  {
    tag: 'amount_spaced',
    make: (f) =>
      `Revenue reached ${f.number.int({ min: 100, max: 999 })} ${digits(f, 3)} ${digits(f, 3)} USD in ${year(f)}.`,
  },
  {
    tag: 'amount_spaced',
    make: (f) =>
      `Die Region hat ${f.number.int({ min: 1, max: 9 })} ${digits(f, 3)} ${digits(f, 3)} Einwohner.`,
  },
  {
    tag: 'amount_spaced',
    make: (f) =>
      `Presupuesto: ${f.number.int({ min: 100, max: 999 })}.${digits(f, 3)}.${digits(f, 3)} euros.`,
  },
  {
    tag: 'count_spaced',
    make: (f) =>
      `Le site a reçu ${f.number.int({ min: 100, max: 999 })} ${digits(f, 3)} ${digits(f, 3)} visites en ${year(f)}.`,
  },
  {
    tag: 'count_spaced',
    make: (f) =>
      `La campaña llegó a ${f.number.int({ min: 100, max: 999 })} ${digits(f, 3)} ${digits(f, 3)} personas.`,
  },
  {
    tag: 'count_spaced',
    make: (f) =>
      `Das Archiv umfasst ${f.number.int({ min: 10, max: 99 })} ${digits(f, 3)} ${digits(f, 3)} Seiten.`,
  },
  {
    tag: 'number_list',
    make: (f) =>
      `This week's lottery numbers: ${Array.from({ length: 6 }, () => f.number.int({ min: 1, max: 49 })).join(' ')}.`,
  },
  { tag: 'code', make: () => 'const MAX_INT = 2147483647; const TIMEOUT_MS = 30000;' },
  {
    tag: 'code',
    make: (f) =>
      `{"id": ${f.number.int({ min: 1_000_000_000, max: 9_999_999_999 })}, "port": ${f.internet.port()}, "retries": 3}`,
  },
  {
    tag: 'code',
    make: (f) =>
      `x = np.linspace(0, ${f.number.int({ min: 10, max: 999 })}, ${f.number.int({ min: 1000, max: 99999 })})`,
  },
  {
    tag: 'coordinates',
    make: (f) => `Meet at ${f.location.latitude()}, ${f.location.longitude()}.`,
  },
  { tag: 'not_email', make: (f) => `Ping @${f.internet.username()} in the channel.` },
  { tag: 'not_email', make: () => 'Mail goes to root@localhost on the dev box.' },
  { tag: 'not_email', make: (f) => `npm install ${f.word.noun()}@${f.system.semver()}` },
  { tag: 'not_email', make: () => 'Use icon@2x.png and icon@3x.png for retina screens.' },
  {
    // Spelt out with a word about mail nearby ("Write to jo at example dot com") it is an address
    // (decision 170); without one, a name "at" a dot-com is where someone was.
    tag: 'not_email',
    make: (f) => `We met ${f.person.firstName().toLowerCase()} at example dot com.`,
  },
  {
    tag: 'not_ip',
    make: (f) =>
      `Upgrade to version ${f.number.int(9)}.${f.number.int(9)}.${f.number.int(9)}.${f.number.int(9)} today.`,
  },
  {
    tag: 'not_ip',
    make: (f) =>
      `Subnet ${f.number.int({ min: 256, max: 999 })}.${f.number.int(255)}.${f.number.int(255)}.${f.number.int(255)} is not a valid address.`,
  },
  { tag: 'not_secret', make: (f) => `commit ${f.git.commitSha()}` },
  { tag: 'not_secret', make: (f) => `Request id ${f.string.uuid()} failed.` },
  {
    tag: 'not_secret',
    make: (f) => `sha256: ${f.string.hexadecimal({ length: 64, casing: 'lower', prefix: '' })}`,
  },
  { tag: 'not_secret', make: () => 'Set OPENAI_API_KEY in your environment, never in code.' },
  {
    tag: 'phone_word_no_phone',
    make: (f) => `Call the office about case ${digits(f, 8)} before noon.`,
  },
  {
    tag: 'phone_word_no_phone',
    make: (f) =>
      `Our hotline is open ${f.number.int({ min: 7, max: 9 })}:00-${f.number.int({ min: 17, max: 21 })}:00, ${year(f)} prices apply.`,
  },
];
