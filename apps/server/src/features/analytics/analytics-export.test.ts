import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvCell } from '../../domain/analytics/csv.ts';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { EXPORT_BATCH_SIZE } from './export.service.ts';
import { logRow, writeLogs } from './testing/log-rows.ts';

const NOW = Date.UTC(2026, 10, 20, 14, 30);

/** RFC 4180 reader, enough to check what a spreadsheet would load. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('analytics exports', () => {
  const server = useTestServer({ clock: () => NOW });

  test('CSV cells that a spreadsheet would run as formulas are defused and quoted', async () => {
    const u = await signUpSubscribed(server);
    const texts = [
      '=HYPERLINK("http://evil","click")',
      '+1+2',
      '-3',
      '@SUM(A1)',
      '\tindented',
      '\rreturn',
      'plain, with comma',
      'say "hi"\nnext line',
    ];
    await writeLogs(
      server,
      texts.map((t, i) => logRow(u.accountId, NOW - (i + 1) * 1_000, { original_text: t })),
    );
    const res = await fetch(`${server.url}/v1/analytics/export/csv?time_range=24h`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(
      res.headers.get('content-disposition'),
      'attachment; filename="tokenwise-analytics-2026-11-20.csv"',
    );
    const [header, ...rows] = parseCsv(await res.text());
    const col = header?.indexOf('original_text') ?? -1;
    assert.ok(col >= 0);
    assert.deepEqual(
      rows.map((r) => r[col]),
      [
        `'=HYPERLINK("http://evil","click")`,
        "'+1+2",
        "'-3",
        "'@SUM(A1)",
        "'\tindented",
        "'\rreturn",
        'plain, with comma',
        'say "hi"\nnext line',
      ],
    );
    const costCol = header?.indexOf('actual_cost') ?? -1;
    assert.equal(rows[0]?.[costCol], '0', 'numbers are not escaped');
    // ASVS 5.0 V1.2.10 names the null character beside = + - @ and tab.
    assert.equal(csvCell('\0=1+2'), "'\0=1+2", 'a leading null character is defused too');
    assert.equal(csvCell(-1.5), '-1.5', 'a negative amount stays a number');
    assert.equal(csvCell(0.1 + 0.2), '0.3', 'sums of prices lose their binary noise');
    assert.equal(csvCell(1.5000000000000026e-7), '1.5e-7');
    assert.equal(csvCell(0.000123456789012), '0.000123456789012', 'real digits stay');
  });

  test('exports stream every row of the period, more than one batch, newest first', async () => {
    const u = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    const count = EXPORT_BATCH_SIZE * 2 + 37;
    const rows = Array.from({ length: count }, (_, i) =>
      logRow(u.accountId, NOW - 1_000 - Math.floor(i / 3), { tokens_in: i }),
    );
    await writeLogs(server, [
      ...rows,
      logRow(u.accountId, NOW - 2 * 86_400_000),
      logRow(other.accountId, NOW - 1_000),
    ]);
    const csv = await fetch(`${server.url}/v1/analytics/export/csv?time_range=24h`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    assert.equal(csv.headers.get('transfer-encoding'), 'chunked', 'streamed, no content-length');
    const lines = parseCsv(await csv.text());
    const ids = lines.slice(1).map((r) => r[0]);
    assert.equal(ids.length, count);
    assert.deepEqual(new Set(ids), new Set(rows.map((r) => r.id)));

    const json = await fetch(`${server.url}/v1/analytics/export/json?time_range=24h`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    assert.equal(
      json.headers.get('content-disposition'),
      'attachment; filename="tokenwise-analytics-2026-11-20.json"',
    );
    const items = (await json.json()) as { id: string; created_at: string; cache_hit: boolean }[];
    assert.equal(items.length, count);
    assert.deepEqual(new Set(items.map((r) => r.id)), new Set(ids));
    const times = items.map((r) => Date.parse(r.created_at));
    assert.ok(
      times.every((t, i) => i === 0 || t <= (times[i - 1] ?? t)),
      'newest first',
    );
    assert.equal(items[0]?.cache_hit, false);
  });

  test('an export takes the same filters as the table', async () => {
    const u = await signUpSubscribed(server);
    await writeLogs(server, [
      logRow(u.accountId, NOW - 1_000, { provider: 'groq', model: 'llama-3.1-8b-instant' }),
      logRow(u.accountId, NOW - 2_000, { status: 'error' }),
      logRow(u.accountId, NOW - 3_000),
    ]);
    const res = await u.api('GET', '/v1/analytics/export/json?status=success&provider=openai');
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 1);
    const empty = await u.api('GET', '/v1/analytics/export/json?provider=mistral');
    assert.deepEqual(empty.body, []);
  });

  test('the CSV starts with a UTF-8 byte order mark, so a spreadsheet reads non-English text intact', async () => {
    const u = await signUpSubscribed(server);
    const text = 'Grüße 👨‍👩‍👧‍👦 東京 مرحبا नमस्ते';
    await writeLogs(server, [logRow(u.accountId, NOW - 1_000, { original_text: text })]);
    const res = await fetch(`${server.url}/v1/analytics/export/csv?time_range=24h`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    // Without it Excel reads UTF-8 as Windows-1252: "GrÃ¼ÃŸe".
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const [header, row] = parseCsv(bytes.subarray(3).toString('utf8'));
    assert.equal(header?.[0], 'id');
    assert.equal(row?.[header?.indexOf('original_text') ?? -1], text);
    const json = await fetch(`${server.url}/v1/analytics/export/json?time_range=24h`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    const jsonBytes = Buffer.from(await json.arrayBuffer());
    assert.equal(jsonBytes[0], '['.charCodeAt(0), 'JSON has no byte order mark (RFC 8259)');
  });
});
