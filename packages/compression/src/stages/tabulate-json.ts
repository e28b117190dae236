// Aggressive level: a JSON array of records that all have the same keys (query results, logs,
// tickets) repeats every key in every record. It is rewritten as one object holding the keys once
// and the values as rows, which is still valid JSON and reads as a table:
//   [{"id":1,"tier":"free"},{"id":2,"tier":"team"}] → {"columns":["id","tier"],"rows":[[1,"free"],[2,"team"]]}
// A column whose values are records with the same keys lists those keys once the same way.
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

/** The shared key list when every node is an object with the same keys in the same order. */
function sameKeys(nodes: Node[]): string[] | null {
  const first = nodes[0];
  if (first?.kind !== 'object' || first.entries.length < 2) return null;
  const keys = first.entries.map(([k]) => k);
  const same = nodes.every(
    (node) =>
      node.kind === 'object' &&
      node.entries.length === keys.length &&
      node.entries.every(([k], i) => k === keys[i]),
  );
  return same ? keys : null;
}

function sharedKeys(items: Node[]): string[] | null {
  return items.length < MIN_ROWS ? null : sameKeys(items);
}

/**
 * A column of records with keys of their own ("attributes": {"color": …, "material": …} in every
 * row) names those keys once in its header, {"attributes":["color","material"]}, and each row
 * holds their values as a list: the keys were repeated in every row as the outer ones were.
 */
interface Column {
  key: string;
  nested: Column[] | null;
}

function columnsOf(keys: string[], rows: Node[]): Column[] {
  return keys.map((key, i) => {
    const values = rows.map((row) => (row.kind === 'object' ? row.entries[i]?.[1] : undefined));
    const inner = values.every((v) => v !== undefined) ? sameKeys(values as Node[]) : null;
    return { key, nested: inner && columnsOf(inner, values as Node[]) };
  });
}

function header(columns: Column[]): string {
  return columns.map((c) => (c.nested ? `{${c.key}:[${header(c.nested)}]}` : c.key)).join(',');
}

function rowOf(node: Node, columns: Column[]): string {
  if (node.kind !== 'object') return '';
  return node.entries
    .map(([, v], i) => {
      const nested = columns[i]?.nested;
      return nested ? `[${rowOf(v, nested)}]` : write(v);
    })
    .join(',');
}

function write(node: Node): string {
  if (node.kind === 'literal') return node.raw;
  if (node.kind === 'object')
    return `{${node.entries.map(([k, v]) => `${k}:${write(v)}`).join(',')}}`;
  const keys = sharedKeys(node.items);
  if (!keys) return `[${node.items.map(write).join(',')}]`;
  const columns = columnsOf(keys, node.items);
  const rows = node.items.map((item) => `[${rowOf(item, columns)}]`);
  return `{"columns":[${header(columns)}],"rows":[${rows.join(',')}]}`;
}

/** Rewrites arrays of same-shaped records as columns and rows; returns minified JSON. */
export function tabulateJson(json: string): string {
  return write(new RawJsonReader(json).read());
}
