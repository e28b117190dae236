/**
 * The checks of the spec probes (decision 223): each prints one line, `ok`, `FAIL`, or `doc` for a
 * difference an earlier decision chose on purpose, and `summary()` lists what did not match.
 */
export type Kind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'iso'
  | 'array'
  | 'object'
  | 'string|null'
  | 'number|null'
  | 'iso|null'
  | readonly string[];

/** A timestamp as the API writes them: ISO 8601 in UTC. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

const results: { what: string; verdict: 'ok' | 'FAIL' | 'doc'; note: string }[] = [];

function record(what: string, verdict: 'ok' | 'FAIL' | 'doc', note: string) {
  results.push({ what, verdict, note });
  console.log(`${verdict.padEnd(4)} ${what}${note ? ` — ${note}` : ''}`);
}

export function check(what: string, ok: boolean, note = '') {
  record(what, ok ? 'ok' : 'FAIL', ok ? '' : note);
}

/** A check the spec reading expects but a decision record chose otherwise: reported, not failed. */
export function documented(what: string, ok: boolean, decision: string, note = '') {
  record(what, ok ? 'ok' : 'doc', ok ? '' : `${decision}: ${note}`);
}

export function eq(what: string, got: unknown, want: unknown) {
  const ok = JSON.stringify(got) === JSON.stringify(want);
  check(what, ok, `got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
}

function kindOk(v: unknown, kind: Kind): boolean {
  if (typeof kind !== 'string') return kind.includes(v as string);
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'iso':
      return typeof v === 'string' && ISO_TIME.test(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    default:
      return v === null || kindOk(v, kind.split('|')[0] as Kind);
  }
}

/** Every field the spec names is present, with its type, format or enum spelling. */
export function fields(what: string, obj: unknown, spec: Record<string, Kind>) {
  if (typeof obj !== 'object' || obj === null) {
    check(`${what}: fields`, false, `not an object: ${JSON.stringify(obj)}`);
    return;
  }
  const o = obj as Record<string, unknown>;
  const bad: string[] = [];
  for (const [name, kind] of Object.entries(spec)) {
    if (!(name in o)) bad.push(`${name} missing`);
    else if (!kindOk(o[name], kind)) bad.push(`${name}=${JSON.stringify(o[name])} not ${kind}`);
  }
  check(`${what}: fields`, bad.length === 0, bad.join('; '));
}

/**
 * Equal but for rounding: the API rounds money to 6 decimals, each figure on its own, so a
 * difference of two (or 30 times one) may be off by `slack`; otherwise within 1%.
 */
export const near = (a: number, b: number, slack = 2e-6) =>
  Math.abs(a - b) <= slack + 0.01 * Math.abs(b);

export function summary() {
  const failed = results.filter((r) => r.verdict === 'FAIL');
  const doc = results.filter((r) => r.verdict === 'doc');
  console.log(`\n${results.length} checks, ${failed.length} failed, ${doc.length} documented`);
  for (const r of [...failed, ...doc]) console.log(` ${r.verdict} ${r.what}: ${r.note}`);
  return failed.length;
}
