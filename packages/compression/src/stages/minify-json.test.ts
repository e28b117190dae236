import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SpanTable } from '../protect/span-table.ts';
import { minifyJson } from './minify-json.ts';
import { tabulateJson } from './tabulate-json.ts';

function run(text: string, tabulate = false): string {
  const table = new SpanTable();
  return table.restore(minifyJson(text, table, tabulate));
}

describe('minifyJson', () => {
  it('removes the whitespace of pretty-printed JSON, which still parses to the same value', () => {
    const data = {
      order: 'ORD-1',
      items: [{ sku: 'A 1', qty: 2 }],
      note: 'two  spaces\tand a tab',
    };
    const out = run(`Here is the order:\n${JSON.stringify(data, null, 2)}\nIs it late?`);
    const json = out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1);
    assert.ok(!json.includes('\n') && !json.includes(': '));
    assert.deepEqual(JSON.parse(json), data);
    assert.ok(out.startsWith('Here is the order:\n') && out.endsWith('\nIs it late?'));
  });

  it('copies number literals as written instead of re-serialising them', () => {
    const out = run('{\n  "price": 1.0,\n  "id": 12345678901234567890,\n  "exp": 1e3\n}');
    assert.equal(out, '{"price":1.0,"id":12345678901234567890,"exp":1e3}');
  });

  it('leaves JSON-looking text that does not parse exactly as it was', () => {
    const text = 'The config:\n{\n  "a": 1,\n  b: 2\n}\nand a citation [2] and a template {name}.';
    assert.equal(run(text), text);
  });

  it('leaves JSON inside a code fence to the code protection (not its job)', () => {
    const text = 'Prose only, no JSON here at all.';
    assert.equal(run(text), text);
  });
});

describe('tabulateJson', () => {
  it('turns an array of same-shaped records into columns and rows, literals unchanged', () => {
    const records = [
      { id: 1, tier: 'free', score: 1.5 },
      { id: 2, tier: 'team', score: 2.0 },
      { id: 3, tier: 'pro', score: 0.25 },
    ];
    const pretty = JSON.stringify(records, null, 2).replace('2,\n', '2.0,\n');
    const out = JSON.parse(tabulateJson(pretty));
    assert.deepEqual(out.columns, ['id', 'tier', 'score']);
    assert.deepEqual(
      out.rows,
      records.map((r) => [r.id, r.tier, r.score]),
    );
    assert.ok(tabulateJson(pretty).length < JSON.stringify(records).length);
  });

  it('keeps arrays whose records differ in shape, or that are too short, as arrays', () => {
    const mixed = JSON.stringify([
      { a: 1, b: 2 },
      { a: 1, c: 2 },
      { a: 1, b: 2 },
    ]);
    assert.deepEqual(JSON.parse(tabulateJson(mixed)), JSON.parse(mixed));
    const short = JSON.stringify([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
    assert.equal(tabulateJson(short), short);
  });

  it('names the keys of a column of same-shaped records once, in its header', () => {
    const row = (id: number, color: string) => ({ id, attributes: { color, material: 'oak' } });
    const records = JSON.stringify([row(1, 'red'), row(2, 'blue'), row(3, 'green')]);
    assert.equal(
      tabulateJson(records),
      '{"columns":["id",{"attributes":["color","material"]}],"rows":[[1,["red","oak"]],[2,["blue","oak"]],[3,["green","oak"]]]}',
    );
    // A column whose records differ in shape keeps them whole.
    const mixed = JSON.stringify([
      { id: 1, a: { c: 1, m: 2 } },
      { id: 2, a: { c: 3 } },
      { id: 3, a: null },
    ]);
    assert.equal(
      tabulateJson(mixed),
      '{"columns":["id","a"],"rows":[[1,{"c":1,"m":2}],[2,{"c":3}],[3,null]]}',
    );
  });

  it('is applied by minifyJson only when asked', () => {
    const row = (n: number) => ({ ticket_id: n, priority: 'high', customer_tier: 'team' });
    const records = JSON.stringify([row(1), row(2), row(3), row(4)], null, 2);
    assert.equal(run(records), JSON.stringify(JSON.parse(records)));
    assert.ok(run(records, true).includes('"columns"'));
  });
});
