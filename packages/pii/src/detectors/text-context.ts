// Helpers for looking at the characters and words around a candidate match.

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** True when the code unit at `index` is a letter, digit or underscore (false outside the text). */
export function isWordCharAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  return WORD_CHAR.test(text.charAt(index));
}

export function isDigitAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 48 && code <= 57;
}

/** Up to `size` characters before `index`, cut at the last line break so cues stay in their line. */
export function lineBefore(text: string, index: number, size: number): string {
  const slice = text.slice(Math.max(0, index - size), index);
  const lineBreak = slice.lastIndexOf('\n');
  return lineBreak === -1 ? slice : slice.slice(lineBreak + 1);
}

/** Up to `size` characters after `index`, cut at the first line break. */
export function lineAfter(text: string, index: number, size: number): string {
  const slice = text.slice(index, index + size);
  const lineBreak = slice.indexOf('\n');
  return lineBreak === -1 ? slice : slice.slice(0, lineBreak);
}

// Labels that make the number right after them the identifier of a thing ("Order #", "ISBN",
// "Rechnung Nr."), whatever its digits look like. The label must sit right before the number.
// Code and product identifiers (decision 186): GUIDs, error, status and exit codes, commits,
// serial, part, model and batch numbers, written as English phrases or as the other seven
// languages write them ("Fehlercode", "numéro de série", "código de error", "numer seryjny").
const CODE_LABELS = [
  'guid|uuid|commit|(?:error|status|exit|return|fault)[\\s_-]*codes?',
  'fehlercodes?|statuscodes?|seriennummer|serien-?nr|teilenummer|modellnummer|chargennummer',
  "codes?\\s+d['’]\\s?erreur|série|référence",
  'c[oó]digos?\\s+de\\s+error|serie|lote|referencia',
  'codice\\s+(?:di\\s+)?errore|codici\\s+(?:di\\s+)?errore|matricola|lotto|riferimento',
  'foutcodes?|serienummer|onderdeelnummer|modelnummer|partijnummer|bestelnummer|versienummer',
  'kod(?:y|u)?\\s+b(?:ł|l)(?:ę|e)du|seryjny|partia|partii',
  'код(?:ы|а)?\\s+ошиб(?:ки|ок)|серийный|серийного|артикул|артикула|парти[яи]',
].join('|');
const THING_LABELS =
  `${CODE_LABELS}|` +
  'order|orders|invoice|inv|tracking|track|shipment|parcel|package|isbn|issn|sku|upc|ean|asin|iban|bic|swift|routing|ref|reference|po|case|ticket|serial|part|confirmation|transaction|txn|booking|reservation|version|ver|build|release|patent|batch|lot|model|item|product|article|receipt|voucher|coupon|bestellung|bestellnummer|rechnung|rechnungsnummer|auftrag|auftragsnummer|sendung|sendungsnummer|artikel|commande|facture|colis|suivi|pedido|factura|seguimiento|ordine|fattura|bestelling|factuur|zamówienie|zamówienia|zamowienie|zamowienia|faktura|faktury|przesyłka|przesyłki|paczka|paczki|nip|regon|krs|заказ|заказа|счёт|счета|счет|накладная|накладной|договор|договора|инн|огрн|кпп|бик|ordre|ordrenummer|fakturanummer|org[\\s.-]*nr|orgnr|organisasjonsnummer|steuernummer|steuer[\\s.-]*nr|st\\.?[\\s-]*nr|protocollo|prot|vat(?:[\\s.:#-]*(?:no|nr|number|reg|id))?(?:[\\s.:#-]*[a-z]{2}(?!\\p{L}))?';
// Labels naming a person's or account's identifier. US institutions long used the SSN as that
// identifier, so these rule out phones and cards but not SSNs. "Caller ID" names a phone number.
const PERSON_ID_LABELS =
  'account|acct|customer|member|employee|student|policy|claim|kundennummer|pesel|konto|konta|kontonummer|снилс|лицевой счёт|лицевой счет|fødselsnummer|personnummer|kundenummer|passport|passeport|pasaporte|reisepass|mrn|tin|nhs[\\s-]*(?:no|number)|tax[\\s-]*(?:id|no|number|code)|patient[\\s-]*(?:id|no|number)|(?<!caller[\\s-]?)id';
const LABEL_TAIL = String.raw`(?:[\s.-]*(?:no|nr|n°|nº|№|number|num|numéro|número|numero|nummer|numer|номер|code|id|#))?[\s.:#"'=-]*$`;
const labelRegExp = (labels: string) =>
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${labels})` + LABEL_TAIL, 'iu');
const ANY_ID_LABEL = labelRegExp(`${THING_LABELS}|${PERSON_ID_LABELS}`);
const THING_ID_LABEL = labelRegExp(THING_LABELS);

// The same in Chinese, Japanese and Korean, where the label runs on from the word before it
// ("您的订单号13812345678"). "号码", "番号" and "번호" alone are left out: "电话号码" is a phone.
const CJK_THING_LABELS =
  '订单|訂單|注文|주문|发票|發票|請求書|运单|運單|快递单|单号|單號|编号|編號|流水|交易|追跡|송장|운송장|序列|シリアル|型番|货号|商品';
const CJK_PERSON_ID_LABELS =
  '账号|帳號|账户|帳戶|口座|계좌|会员|會員|会員|회원|客户|顧客|고객|身份证|学号|学籍|社員|员工|工号';
const cjkLabelRegExp = (labels: string) =>
  new RegExp(
    String.raw`(?:${labels})[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{0,3}[\s.:#：＃=-]*$`,
    'u',
  );
const CJK_ANY_ID_LABEL = cjkLabelRegExp(`${CJK_THING_LABELS}|${CJK_PERSON_ID_LABELS}`);
const CJK_THING_ID_LABEL = cjkLabelRegExp(CJK_THING_LABELS);

/** True when the words right before `start` label the number as an order, ISBN, account, etc. */
export function isLabelledAsIdentifier(text: string, start: number): boolean {
  const before = lineBefore(text, start, 40);
  return ANY_ID_LABEL.test(before) || CJK_ANY_ID_LABEL.test(before);
}

// A person's label with no "no", "number" or "ID" after it: "Customer:", "Member -".
const PERSON_ALONE = /(?<![\p{L}\p{N}])(?:customer|member|employee|student)[\s.:"'=-]*$/iu;

/** True when the words right before `start` name a person and nothing more ("Customer: "). */
export function isPersonNamedAlone(text: string, start: number): boolean {
  return PERSON_ALONE.test(lineBefore(text, start, 40));
}

/** Like isLabelledAsIdentifier, but person and account identifiers don't count. */
export function isLabelledAsThingIdentifier(text: string, start: number): boolean {
  const before = lineBefore(text, start, 40);
  return THING_ID_LABEL.test(before) || CJK_THING_ID_LABEL.test(before);
}

// Full-width digits and signs ("０９０‐１２３４‐５６７８", "＋８１", "４１１１ １１１１…"), as Japanese
// and Chinese input methods type them, and the Unicode hyphens, read as their ASCII forms. Each is
// one UTF-16 unit either way, so offsets in the folded text are offsets in the original.
const WIDE = /[\uFF10-\uFF19\uFF0B\uFF08\uFF09\uFF0E\uFF0F\uFF0D\u2010\u2011\u2012\u2212\u3000]/g;
const WIDE_TO_ASCII: Record<string, string> = {
  '\uFF0B': '+',
  '\uFF08': '(',
  '\uFF09': ')',
  '\uFF0E': '.',
  '\uFF0F': '/',
  '\u3000': ' ',
};
function foldWidth(c: string): string {
  const code = c.charCodeAt(0);
  if (code >= 0xff10 && code <= 0xff19) return String.fromCharCode(code - 0xff10 + 48);
  return WIDE_TO_ASCII[c] ?? '-';
}

/** The text with full-width digits and signs as ASCII, same length (the detectors read this). */
export function foldWideForms(text: string): string {
  return text.replace(WIDE, foldWidth);
}

/** Spans found in the folded text, their values as the caller wrote them. */
export function valuesAsWritten<S extends { start: number; end: number; value: string }>(
  spans: S[],
  text: string,
  folded: string,
): S[] {
  if (folded === text) return spans;
  return spans.map((span) => ({ ...span, value: text.slice(span.start, span.end) }));
}
