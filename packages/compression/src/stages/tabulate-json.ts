// Aggressive level: a JSON array of records that all have the same keys (query results, logs,
// tickets) repeats every key in every record. It is rewritten as one object holding the keys once
// and the values as rows, which is still valid JSON and reads as a table:
//   [{"id":1,"tier":"free"},{"id":2,"tier":"team"}] → {"columns":["id","tier"],"rows":[[1,"free"],[2,"team"]]}
// Every literal is copied from the source text as it was written. Input must already parse.

type Node =
  | { kind: 'object'; entries: [string, Node][] }
  | { kind: 'array'; items: Node[] }
  | { kind: 'literal'; raw: string };

const MIN_ROWS = 3;

class RawJsonReader {
  private at = 0;
  constructor(private readonly text: string) {}

  read(): Node {
    this.skipSpace();
    const c = this.text[this.at];
    if (c === '{') return this.readObject();
    if (c === '[') return this.readArray();
    return { kind: 'literal', raw: c === '"' ? this.readString() : this.readBare() };
  }

  private skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at += 1;
  }

  private readString(): string {
    const start = this.at;
    this.at += 1;
    while (this.text[this.at] !== '"') this.at += this.text[this.at] === '\\' ? 2 : 1;
    this.at += 1;
    return this.text.slice(start, this.at);
  }

  private readBare(): string {
    const start = this.at;
    while (this.at < this.text.length && !/[\s,\]}]/.test(this.text[this.at] as string))
      this.at += 1;
    return this.text.slice(start, this.at);
  }

  private readObject(): Node {
    const entries: [string, Node][] = [];
    this.at += 1;
    this.skipSpace();
    while (this.text[this.at] !== '}') {
      const key = this.readString();
      this.skipSpace();
      this.at += 1; // colon
      entries.push([key, this.read()]);
      this.skipSpace();
      if (this.text[this.at] === ',') this.at += 1;
      this.skipSpace();
    }
    this.at += 1;
    return { kind: 'object', entries };
  }

  private readArray(): Node {
    const items: Node[] = [];
    this.at += 1;
    this.skipSpace();
    while (this.text[this.at] !== ']') {
      items.push(this.read());
      this.skipSpace();
      if (this.text[this.at] === ',') this.at += 1;
      this.skipSpace();
    }
    this.at += 1;
    return { kind: 'array', items };
  }
}

/** The shared key list when every item is an object with the same keys in the same order. */
function sharedKeys(items: Node[]): string[] | null {
  if (items.length < MIN_ROWS) return null;
  const first = items[0];
  if (first?.kind !== 'object' || first.entries.length < 2) return null;
  const keys = first.entries.map(([k]) => k);
  const same = items.every(
    (item) =>
      item.kind === 'object' &&
      item.entries.length === keys.length &&
      item.entries.every(([k], i) => k === keys[i]),
  );
  return same ? keys : null;
}

function write(node: Node): string {
  if (node.kind === 'literal') return node.raw;
  if (node.kind === 'object')
    return `{${node.entries.map(([k, v]) => `${k}:${write(v)}`).join(',')}}`;
  const keys = sharedKeys(node.items);
  if (!keys) return `[${node.items.map(write).join(',')}]`;
  const rows = node.items.map(
    (item) => `[${item.kind === 'object' ? item.entries.map(([, v]) => write(v)).join(',') : ''}]`,
  );
  return `{"columns":[${keys.join(',')}],"rows":[${rows.join(',')}]}`;
}

/** Rewrites arrays of same-shaped records as columns and rows; returns minified JSON. */
export function tabulateJson(json: string): string {
  return write(new RawJsonReader(json).read());
}
