import { lineAfter, lineBefore } from './text-context.ts';

// Nouns that number parts of a document or a place ("Chapter 08-123 456 78", "Seite 0221 5567
// 890", "Room 0123 456 789"): a number they name is that part's number, however it is grouped,
// unless a phone word says otherwise (decision 165). Not "line" or "desk" ("Direct line: …",
// "Front desk: …" name phones), nor "p"/"P:" (a phone in signatures).
const REFERENCE_NOUN =
  /^(?:chapters?|sections?|§+|paragraphs?|clauses?|pages?|figures?|fig|tables?|appendix|appendices|annex(?:es)?|exhibits?|rooms?|files?|dossiers?|ids|kapitel|abschnitt|absatz|seiten?|abbildung|abb|tabelle|anhang|anlage|raum|zimmer|chapitres?|paragraphe|alinéa|tableau|annexe|salle|pièces?|capítulo|capitulo|sección|seccion|apartado|página|pagina|figura|tabla|anexo|sala|capitolo|sezione|tabella|allegato|stanza|hoofdstuk|sectie|bijlage|kamer|rozdział|rozdzial|sekcja|strona|tabela|załącznik|pokój|глав[аеы]|раздел[аеы]?|стать[яие]|страниц[аеы]|пункт[аеы]?|рисун(?:ок|ке)|таблиц[аеы]|приложени[ея]|комнат[аеы])[.:#]?$/iu;
// What may stand between the noun and the number: "No.", and earlier numbers of the same list
// with the words that join them ("Sections 02 31 13 20 and 03 30 00 00").
const NUMBER_WORD = /^(?:no|nr|n°|nº|№|number|num|numéro|número|numero|nummer|номер)\.?:?$/iu;
const LISTED_NUMBER = /^[\d.,;()/-]+$/;
const LIST_JOINS = new Set(['and', 'or', '&', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e', 'en']);
const WINDOW = 48;

// A dotted code name right before the number ("java.lang.Thread 12 345 6789"): three or more
// segments, the last written as code (a capital, `_` or `$`), so a domain ("www.acme.co.uk") or
// an email before a phone in a signature does not count, nor "St.Gallen" or "Tel.No" (decision 186).
const CODE_NAME =
  /(?<![\p{L}\p{N}_.@/$-])[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\.[\w$]*[A-Z_$][\w$]*(?:\(\))?[ \u00A0:=#]*$/u;
// "Go to 0161 496 0123": a verb that moves to a place in a text or a menu, right before it.
const GO_TO =
  /(?<![\p{L}\p{N}])(?:go(?:ing)? to|goto|jump to|skip to|turn to|navigate to|gehe? zu|spring(?:e|en)? zu|allez à|aller à|ve a|ir a|vai a|ga naar|przejdź do|перейдите к|перейти к)[ \u00A0:]*$/iu;

/** True when a reference noun names the number at `start`, directly or through a list. */
export function isNamedAsReference(text: string, start: number): boolean {
  const before = lineBefore(text, start, WINDOW);
  if (CODE_NAME.test(before) || GO_TO.test(before)) return true;
  const words = before.trimEnd().split(/\s+/);
  // A window cut by its size may hold only the end of its first word.
  const firstWhole =
    before.length < WINDOW || start === WINDOW || /\s/.test(text.charAt(start - WINDOW - 1));
  for (let i = words.length - 1; i >= (firstWhole ? 0 : 1); i -= 1) {
    const word = words[i] ?? '';
    if (REFERENCE_NOUN.test(word)) return true;
    const between =
      NUMBER_WORD.test(word) || LISTED_NUMBER.test(word) || LIST_JOINS.has(word.toLowerCase());
    if (!between) return false;
  }
  return false;
}

// Nouns that say what a number right before them counts or measures ("0612 345 678 rows",
// "120 340 560 ms"): then it is a quantity, not a phone (decision 180). Plural or unit forms only:
// a count that large is never of one thing.
const COUNTED_NOUNS = new Set(
  [
    'units items rows lines records entries users customers accounts visitors views',
    'downloads requests queries tokens bytes bits kb mb gb tb kib mib gib ms µs ns',
    'seconds secs minutes mins hours hrs days times pieces pcs copies people words',
    'characters chars samples steps epochs iterations tests errors events cells orders',
    'transactions points votes pixels px frames packets commits visits sessions clicks',
    'impressions hits installs signups subscribers followers employees jobs tasks runs',
    'builds files documents pages km kg miles meters metres lbs tons tonnes zeilen',
    'einträge datensätze stück stk nutzer zeichen lignes unités utilisateurs octets filas',
    'líneas unidades usuarios',
  ]
    .join(' ')
    .split(' '),
);
// "08-123 456 78 in the appendix", "… of table 4": a preposition, maybe an article, then a
// reference noun places the number in a document.
const PREPOSITIONS = new Set(['in', 'of', 'im', 'dans', 'en', 'del', 'w']);
const ARTICLES = new Set(['the', 'this', 'that', 'der', 'dem', 'den', 'la', 'le', 'el', 'il']);
// Up to three words right after the number, the first glued to nothing but spaces.
const WORDS_AFTER = /^[ \u00A0]+(\p{L}+)(?:[ \u00A0]+(\p{L}+))?(?:[ \u00A0]+(\p{L}+))?/u;

/** True when the words right after the number (from `end`) say what it counts or where it is. */
export function isNamedAfter(text: string, end: number): boolean {
  const words = WORDS_AFTER.exec(lineAfter(text, end, 32));
  if (!words) return false;
  const first = (words[1] ?? '').toLowerCase();
  if (COUNTED_NOUNS.has(first)) return true;
  if (!PREPOSITIONS.has(first)) return false;
  const second = (words[2] ?? '').toLowerCase();
  return REFERENCE_NOUN.test(ARTICLES.has(second) ? (words[3] ?? '') : second);
}
