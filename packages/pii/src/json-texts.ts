/**
 * A JSON text (a tool call's arguments) as the texts to scan for personal data, and the JSON
 * rebuilt from those texts once scanned.
 *
 * Each string in the JSON is scanned with its property name before it (`phone: 4155552671`), as
 * prose would have it: the detectors read a bare number after "phone" as a phone, a random run
 * after "api_key" as a secret, and one after "order_id" as no phone at all. Scanning the raw JSON
 * text would give them the same words but not the strings' own text: an escape glues a value to
 * a letter (`\n415-555-2671`), and a placeholder put over part of one (`\u00e9mile@…`) breaks the
 * JSON the provider parses. Text that is not JSON is scanned as one text.
 */
export interface JsonTexts {
  texts: string[];
  /**
   * The JSON with each text replaced by its scanned form (the same order): the text as it came
   * when none changed, written anew (`JSON.stringify`) when one did.
   */
  rebuild(scanned: readonly string[]): string;
}

interface Leaf {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  prefix: string;
}

export function jsonTexts(json: string): JsonTexts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { texts: [json], rebuild: (scanned) => scanned[0] ?? json };
  }
  // The root itself a string: held in a box so it is replaced like any other.
  const box = [parsed];
  const leaves: Leaf[] = [];
  collectLeaves(box, 0, '', leaves);
  const texts = leaves.map((leaf) => leaf.prefix + String(leaf.holder[leaf.key as never]));
  return {
    texts,
    rebuild(scanned) {
      let changed = false;
      leaves.forEach((leaf, i) => {
        const text = scanned[i] ?? texts[i] ?? '';
        if (text === texts[i]) return;
        changed = true;
        // A name holds no ':' and a placeholder neither, so the first ': ' still ends the name
        // when a part of the name (a key that is an address) was replaced too.
        const value = leaf.prefix ? text.slice(text.indexOf(': ') + 2) : text;
        // Defined, not assigned: a property named `__proto__` would take the assignment as the
        // object's prototype, and the value would go out as it came.
        Object.defineProperty(leaf.holder, leaf.key, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      });
      return changed ? JSON.stringify(box[0]) : json;
    },
  };
}

// A property name read as words before its value; a longer one, or one with a colon, is data.
const isName = (property: string) => property.length <= 64 && !property.includes(':');

function collectLeaves(
  holder: Record<string, unknown> | unknown[],
  key: string | number,
  name: string,
  leaves: Leaf[],
): void {
  const value = (holder as Record<string | number, unknown>)[key];
  if (typeof value === 'string') {
    if (value) leaves.push({ holder, key, prefix: name ? `${name}: ` : '' });
    return;
  }
  if (Array.isArray(value)) {
    // An array's items are read under the array's own name ("emails: a@x.io").
    for (let i = 0; i < value.length; i += 1) collectLeaves(value, i, name, leaves);
    return;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const property of Object.keys(object)) {
      collectLeaves(object, property, isName(property) ? property : '', leaves);
    }
  }
}
