// Bulk-loads synthetic request-log rows inside the database with one INSERT ... SELECT per account
// (a recursive CTE on SQLite, generate_series on PostgreSQL): no row crosses the wire, so millions
// load in seconds. Values come from a multiplicative hash of the row number, so every run seeds the
// same mix: 10 models over 5 providers, 2% errors, ~15% cache hits, ~10% baseline, ~20% routed.
import type { Database, DialectName } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';

const MODELS: [number, string, string][] = [
  [30, 'openai', 'gpt-4o-mini'],
  [45, 'openai', 'gpt-4o'],
  [60, 'anthropic', 'claude-3-5-haiku'],
  [70, 'anthropic', 'claude-3-5-sonnet'],
  [78, 'gemini', 'gemini-2.0-flash'],
  [83, 'gemini', 'gemini-1.5-pro'],
  [90, 'mistral', 'mistral-small-latest'],
  [93, 'mistral', 'mistral-large-latest'],
  [98, 'groq', 'llama-3.1-8b-instant'],
  [100, 'groq', 'llama-3.3-70b-versatile'],
];
const PROMPTS = [
  'Please summarise the attached invoice and list the overdue amounts for customer',
  'Translate the following support ticket into French and keep the product names for',
  'Write a SQL query that returns the monthly revenue per region for account',
  'Explain the difference between a mutex and a semaphore to a new engineer on team',
  'Draft a polite reminder email about the unpaid balance of order',
  'Classify the sentiment of this product review as positive, negative or neutral, review',
  'Extract every date and amount from this bank statement line for client',
  'Generate three short marketing taglines for the spring campaign of store',
];
/** Rare words for search benchmarks: one prompt in ~1,000 carries one. */
export const COMMON_SEARCH = 'invoice';
export const RARE_SEARCH = 'zanzibar';
const FILLER =
  ' The context below comes from our internal knowledge base and should be used as reference only; answer concisely.';

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const pick = (expr: string, cases: string[]) =>
  `CASE ${cases.map((c, i) => `WHEN ${expr} = ${i} THEN ${c}`).join(' ')} END`;

export interface SeedSpec {
  accountId: string;
  /** Small distinct number per account, mixed into ids and the hash. */
  accountIndex: number;
  rows: number;
  from: number;
  to: number;
}

/** Rows per INSERT statement: keeps each transaction (and PostgreSQL's WAL burst) bounded. */
const CHUNK = 1_000_000;

export async function seedRequestLogs(
  db: Kysely<Database>,
  dialect: DialectName,
  spec: SeedSpec,
): Promise<void> {
  for (let first = 0; first < spec.rows; first += CHUNK) {
    await seedChunk(db, dialect, spec, first, Math.min(spec.rows, first + CHUNK) - 1);
  }
}

async function seedChunk(
  db: Kysely<Database>,
  dialect: DialectName,
  spec: SeedSpec,
  first: number,
  last: number,
): Promise<void> {
  const { rows: n, from, to, accountIndex: ai } = spec;
  const hex = (expr: string, width: number) =>
    dialect === 'sqlite'
      ? `printf('%0${width}x', ${expr})`
      : `lpad(to_hex(${expr}), ${width}, '0')`;
  const seq =
    dialect === 'sqlite'
      ? `WITH RECURSIVE seq(i) AS (SELECT ${first} UNION ALL SELECT i + 1 FROM seq WHERE i < ${last})`
      : '';
  const source = dialect === 'sqlite' ? 'seq' : `generate_series(${first}, ${last}) AS seq(i)`;
  const modelCase = (field: 1 | 2) =>
    `CASE ${MODELS.map(([upTo, provider, model]) => `WHEN m < ${upTo} THEN ${lit(field === 1 ? provider : model)}`).join(' ')} END`;
  const span = to - from;
  const prompt = `'user: ' || ${pick('(h / 17) % 8', PROMPTS.map(lit))} || ' ' || ((h / 3) % 100000) || CASE WHEN (h / 7919) % 1000 = 0 THEN ' ${RARE_SEARCH}' ELSE '' END`;
  const query = `
    ${seq}
    INSERT INTO request_logs (id, account_id, api_key_id, created_at, endpoint, status, http_status,
      error_message, provider, model, requested_model, routed_model, was_routed, difficulty,
      optimization_level, cache_hit, is_stream, is_baseline, is_passthrough, tokens_in, tokens_out,
      original_tokens_in, tokens_saved, actual_cost, cost_saved, latency_ms, original_text,
      optimized_text, response_text, details)
    SELECT
      ${hex('created_at / 65536', 8)} || '-' || ${hex('created_at % 65536', 4)} || '-7' ||
        ${hex('i % 4096', 3)} || '-' || ${hex(String(32768 + ai), 4)} || '-' || ${hex('i', 12)},
      ${lit(spec.accountId)}, NULL, created_at, 'chat', CASE WHEN err = 1 THEN 'error' ELSE 'success' END,
      CASE WHEN err = 1 THEN 502 ELSE 200 END, CASE WHEN err = 1 THEN 'upstream failed' ELSE NULL END,
      provider, model, model, CASE WHEN routed = 1 THEN model ELSE NULL END, routed,
      CASE WHEN routed = 1 THEN 'simple' ELSE NULL END, 'balanced', hit, 0, base, 0,
      tokens_in, tokens_out, tokens_in + saved, saved,
      CASE WHEN hit = 1 OR err = 1 THEN 0 ELSE tokens_in * 0.0000005 + tokens_out * 0.0000015 END,
      CASE WHEN hit = 1 THEN (tokens_in + tokens_out) * 0.000001 ELSE saved * 0.0000005 END,
      CASE WHEN hit = 1 THEN 5 + h % 20 ELSE 200 + (h / 13) % 1500 END,
      prompt || ${lit(FILLER)}, prompt, 'Here is the answer to request ' || i, NULL
    FROM (
      SELECT i, h, created_at, err, hit, base, tokens_in, tokens_out, prompt,
        ${modelCase(1)} AS provider, ${modelCase(2)} AS model,
        CASE WHEN hit = 0 AND base = 0 AND (h / 50000000) % 100 < 20 THEN 1 ELSE 0 END AS routed,
        CASE WHEN err = 1 OR base = 1 THEN 0 ELSE tokens_in / 5 END AS saved
      FROM (
        SELECT i, h, m, created_at, err, tokens_in, tokens_out, prompt,
          CASE WHEN err = 0 AND (h / 5000) % 100 < 15 THEN 1 ELSE 0 END AS hit,
          CASE WHEN err = 0 AND (h / 5000) % 100 >= 15 AND (h / 500000) % 100 < 10 THEN 1 ELSE 0 END AS base
        FROM (
          SELECT i, h, h % 100 AS m,
            ${from} + (CAST(i AS BIGINT) * ${span}) / ${n} AS created_at,
            CASE WHEN (h / 100) % 50 = 0 THEN 1 ELSE 0 END AS err,
            50 + (h / 7) % 2000 AS tokens_in, 20 + (h / 11) % 500 AS tokens_out,
            ${prompt} AS prompt
          FROM (SELECT i, (i * 2654435761 + ${ai * 7919}) % 4294967296 AS h FROM ${source}) hashed
        ) base_values
      ) flags
    ) seeded`;
  await sql.raw(query).execute(db);
}
