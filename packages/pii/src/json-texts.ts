/**
 * A JSON text (a tool call's arguments) as the texts to scan for personal data, and the JSON
 * rebuilt from those texts once scanned.
 *
 * Each string in the JSON is scanned with its property name before it (`phone: 4155552671`), as
 * prose would have it: the detectors read a bare number after "phone" as a phone, a random run
 * after "api_key" as a secret, and one after "order_id" as no phone at all. Scanning the raw JSON
 * text would give them the same words but not the strings' own text: an escape glues a value to
 * a letter (`\n415-555-2671`), and a placeholder put over part of one (`\u00e9mile@…`) breaks the
 * JSON the provider parses. A property name is data too (`{"ada@example.org": "admin"}`, a map
 * keyed by phone): each is scanned on its own, and replaced where it holds a value. Text that is
 * not JSON is scanned as one text.
 */
export interface JsonTexts {
  texts: string[];
  /**
   * The JSON with each text replaced by its scanned form (the same order). Only the strings that
   * changed are written anew: numbers, spacing and key order stay as they came (a 64-bit id would
   * not survive `JSON.parse` and `JSON.stringify`).
   */
  rebuild(scanned: readonly string[]): string;
}

// In valid JSON every quote outside a string opens one, so this finds the strings in order, and
// a digit outside a string is a number's: the integers of 7 digits or more (the fewest any
// detector reads, a short phone) are taken too. Numbers inside strings are the strings'.
const JSON_STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
const LONG_INTEGER = /^\d{7,}$/;
const KEY_AFTER = /\s*:/y;
// A property name read as words before its value; a longer one, or one with a colon, is data.
const isName = (property: string) => property.length <= 64 && !property.includes(':');

interface StringValue {
  start: number;
  end: number;
  /** The property name read before a value; '' for a property name itself. */
  prefix: string;
}

// A name of letters and `_`, `$`, `.` or `-` only holds no e-mail (no `@`), phone, SSN, card or
// IP (no digit, no `:`), and at 14 characters or fewer no secret either (the shortest vendor
// format, Slack's, is 15). Nearly every schema's names are such, and skip the ~2 µs of a scan.
const PLAIN_NAME = /^[A-Za-z_$.-]{1,14}$/;

export function jsonTexts(json: string): JsonTexts {
  try {
    JSON.parse(json);
  } catch {
    return { texts: [json], rebuild: (scanned) => scanned[0] ?? json };
  }
  const values: StringValue[] = [];
  const texts: string[] = [];
  // The nearest property name before a value (an array's items are read under the array's).
  let name = '';
  for (const match of json.matchAll(JSON_STRING_OR_NUMBER)) {
    const token = match[0];
    if (!token.startsWith('"')) {
      // A phone or an SSN written as a number (`"phone": 4155552671`) is read as its digits after
      // the name, like a string; redacted, it becomes a placeholder string (decision 148).
      if (!LONG_INTEGER.test(token)) continue;
      const prefix = name ? `${name}: ` : '';
      values.push({ start: match.index, end: match.index + token.length, prefix });
      texts.push(prefix + token);
      continue;
    }
    const text = token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
    const end = match.index + token.length;
    KEY_AFTER.lastIndex = end;
    if (KEY_AFTER.test(json)) {
      name = isName(text) ? text : '';
      if (text && !PLAIN_NAME.test(text)) {
        values.push({ start: match.index, end, prefix: '' });
        texts.push(text);
      }
      continue;
    }
    if (!text) continue;
    const prefix = name ? `${name}: ` : '';
    values.push({ start: match.index, end, prefix });
    texts.push(prefix + text);
  }
  return {
    texts,
    rebuild(scanned) {
      let out = '';
      let cursor = 0;
      values.forEach((value, i) => {
        const text = scanned[i] ?? texts[i] ?? '';
        if (text === texts[i]) return;
        // A name holds no ':' and a placeholder neither, so the first ': ' still ends the name
        // when a part of it (a key that is an address) was replaced too.
        const redacted = value.prefix ? text.slice(text.indexOf(': ') + 2) : text;
        out += json.slice(cursor, value.start) + JSON.stringify(redacted);
        cursor = value.end;
      });
      return cursor === 0 ? json : out + json.slice(cursor);
    },
  };
}
