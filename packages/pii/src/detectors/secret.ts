import type { PiiSpan } from '../pii-kinds.ts';
import { lineBefore } from './text-context.ts';

// Vendor formats: each prefix is documented by its vendor and rare in ordinary prose.
const VENDOR_PATTERNS: readonly RegExp[] = [
  /(?<![\w-])sk-ant-[A-Za-z0-9_-]{20,}/g, // Anthropic
  /(?<![\w-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, // OpenAI
  /(?<![\w-])(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g, // Stripe
  /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![A-Za-z0-9])/g, // AWS access key id
  /(?<![\w-])(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}/g, // GitHub
  /(?<![\w-])github_pat_[A-Za-z0-9_]{22,}/g, // GitHub fine-grained
  /(?<![\w-])glpat-[A-Za-z0-9_-]{20,}/g, // GitLab
  /(?<![\w-])xox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /(?<![\w-])AIza[0-9A-Za-z_-]{35}/g, // Google API key
  /(?<![\w-])hf_[A-Za-z0-9]{30,}/g, // Hugging Face
  /(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWT
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]{1,8000}?-----END [A-Z ]*PRIVATE KEY-----/g,
];
// One pass over the text instead of one per vendor.
const VENDOR_TOKEN = new RegExp(VENDOR_PATTERNS.map((p) => p.source).join('|'), 'g');
/**
 * The literal part every vendor pattern holds, without the lookbehinds: where none is, the
 * vendor pass (which tries each lookbehind at every position) cannot match and is skipped.
 */
const VENDOR_LITERAL =
  /sk-|[srp]k_|A(?:KIA|SIA|BIA|CCA|Iza)|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|hf_|eyJ|-----BEGIN /;

// The credential part only: "Bearer " and "://user:" stay so the model still sees the shape.
// Quotes and backslashes end a credential, so a restored value never breaks the JSON around it.
const BEARER = /(?<![\w-])Bearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)/dg;
// A URL's userinfo ends at the last '@' before the host ("postgres://admin:p@ss@db:5432/app":
// the password is "p@ss", RFC 3986 wants it encoded, people paste it raw). An '@' belongs to the
// password only when another '@' follows before the authority ends at '/', '?', '#' or a space, so
// "https://u:p@host?next=a@b.com" ends the password at the first one. The user may be empty
// ("redis://:secret@cache:6379").
const URL_PASSWORD =
  /:\/\/[^\s:/?#@"'\\]{0,256}:((?:[^\s@/"'\\]|@(?=[^\s/?#@"'\\]{0,256}@)){3,256})@/dg;

// Long base64/hex runs are secrets only when something nearby calls them a key, token or password.
const LONG_TOKEN_CHARS = 32;
const LONG_TOKEN = /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_-]{32,}={0,2}(?![A-Za-z0-9+/_=-])/g;
const KEY_CUE =
  /(?<![\p{L}\p{N}])(?:api[_ -]?key|apikey|secret|token|password|passwd|pwd|passphrase|credential|auth|access[_ -]?key|private[_ -]?key|client[_ -]?secret|signing[_ -]?key|schlüssel|passwort|mot de passe|clé|contraseña|clave)/iu;
const MIN_ENTROPY_HEX = 3.0;
const MIN_ENTROPY_OTHER = 3.5;

export function findSecrets(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  const add = (start: number, value: string) =>
    spans.push({ kind: 'secret', start, end: start + value.length, value });

  // Each scan only where its pattern's literal part or run can be (decision 244): the long-token
  // pattern alone tried a run at every position, ~7 µs on a 200-character prompt.
  if (VENDOR_LITERAL.test(text))
    for (const match of text.matchAll(VENDOR_TOKEN)) add(match.index, match[0]);
  for (const pattern of [BEARER, URL_PASSWORD]) {
    if (!text.includes(pattern === BEARER ? 'Bearer' : '://')) continue;
    for (const match of text.matchAll(pattern)) {
      const at = match.indices?.[1];
      if (at) add(at[0], text.slice(at[0], at[1]));
    }
  }
  if (!hasTokenRun(text, LONG_TOKEN_CHARS)) return spans;
  for (const match of text.matchAll(LONG_TOKEN)) {
    const value = match[0];
    if (looksRandom(value) && KEY_CUE.test(lineBefore(text, match.index, 48)))
      add(match.index, value);
  }
  return spans;
}

/** Whether `text` holds `length` characters of LONG_TOKEN's run ([A-Za-z0-9+/_-]) in a row. */
function hasTokenRun(text: string, length: number): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const inRun =
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      (c >= 48 && c <= 57) ||
      c === 43 || // +
      c === 47 || // /
      c === 95 || // _
      c === 45; // -
    run = inRun ? run + 1 : 0;
    if (run >= length) return true;
  }
  return false;
}

/** Shannon entropy per character plus a mix of character classes: words and paths fail this. */
export function looksRandom(value: string): boolean {
  const hasDigit = /\d/.test(value);
  const isHex = /^[0-9a-fA-F]+$/.test(value);
  if (isHex) return hasDigit && entropy(value) >= MIN_ENTROPY_HEX;
  const hasLetter = /[A-Za-z]/.test(value);
  const hasUpperAndLower = /[A-Z]/.test(value) && /[a-z]/.test(value);
  return hasDigit && hasLetter && hasUpperAndLower && entropy(value) >= MIN_ENTROPY_OTHER;
}

function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
