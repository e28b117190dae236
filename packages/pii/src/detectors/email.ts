import type { PiiSpan } from '../pii-kinds.ts';
import { isAddressTld } from './email-tld.ts';
import { findObfuscatedEmails, mayContainObfuscatedEmail } from './obfuscated-email.ts';
import { lineBefore } from './text-context.ts';

// Local parts: the RFC 5322 atext characters people actually use, plus letters of any script
// (RFC 6531: "josé+café@x.fr", "пользователь@пример.рф", "用户@例子.中国"). '=', '&', '?' and '/'
// are left out because they join an address to the query string or path around it
// ("?email=jo@x.com"). A local part keeps to one script: text in a script without spaces often
// runs straight into an address ("メールuser@example.com"), and no one mixes scripts in one.
const LOCAL_CHAR = /[\p{L}\p{M}\p{N}._%+\-!#$'*^`{|}~]/u;
const LOCAL_START = /[\p{L}\p{N}_]/u;
// Letters whose script sets the local part's; Chinese and Japanese writing mixes Han and kana.
const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ['latin', /\p{Script=Latin}/u],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['other', /\p{L}/u],
];
// Domains may be internationalised (IDNA): "münchen.de", "пример.рф", "例え.jp".
const DOMAIN_CHAR = /[\p{L}\p{M}\p{N}-]/u;
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;
// "jo@example.comです": text in a script without spaces runs on from a Latin top-level domain.
const LATIN_TLD_THEN_TEXT = /^[A-Za-z]{2,63}(?=[^\p{Script=Latin}\p{N}-])/u;
// A URL's userinfo ("ssh://git@host/…", "https://jane@wiki.host/") names a login on that host,
// and "postgres://user:secret@db.host" holds credentials, which the secret detector handles,
// also when the password holds a raw '@' ("https://user:s3cr@t@example.com/": "t@example.com" is
// the password's tail and the host, not an address).
const URL_USERINFO_BEFORE = /:\/\/(?:[^\s/@]*:|[^\s:/?#@]*:[^\s/?#]*@)?$/;
// A login given to ssh and its kin ("ssh -i key.pem ubuntu@ec2-….amazonaws.com") is an account
// on a machine, not a mailbox.
const SSH_COMMAND_BEFORE =
  /(?<![\w-])(?:ssh|sftp|mosh|ssh-copy-id)(?:[ \t]+-[A-Za-z]+(?:[ \t]+[^\s@-][^\s@]*)?)*[ \t]+$/;
// "git@github.com:acme/widgets.git", "deploy@host:/srv/", "www@host:~/site": an scp-style remote
// path. A password after a colon ("jane@example.com:hunter2", a leaked list) has no '/' or '.git'.
const REMOTE_PATH_AFTER = /^:(?:[~/]|[\w.~-]*\/|[\w.-]+\.git(?![\w.-]))/;
// A code forge's ssh login ("git@github.com", also bare, as in "ssh -T" checks or a deploy-key
// note): the forges serve git over ssh as the account "git" and keep no such mailbox. Self-hosted
// forges are named for their software ("git@gitlab.acme.com"); "git@acme.com" is a mailbox.
const FORGE_LOGIN =
  /^git@(?:(?:ssh\.)?github\.com|(?:altssh\.)?gitlab\.com|(?:altssh\.)?bitbucket\.org|codeberg\.org|gitee\.com|git\.sr\.ht|ssh\.dev\.azure\.com|vs-ssh\.visualstudio\.com|heroku\.com|(?:git|gitlab|github|gitea|forgejo|bitbucket|gogs)\.[^@]+)$/i;

/** Finds email addresses by expanding outwards from each '@', which keeps the scan linear. */
export function findEmails(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  let at = text.indexOf('@');
  while (at !== -1) {
    const span = emailAround(text, at);
    if (span) spans.push(span);
    at = text.indexOf('@', span ? span.end : at + 1);
  }
  const obfuscated = findObfuscatedEmails(text);
  if (obfuscated.length === 0) return spans;
  // "john@mail.example[dot]com": the plain reading stops short of the spelt-out one that holds it.
  const plain = spans.filter((s) => !obfuscated.some((o) => o.start < s.end && s.start < o.end));
  return [...plain, ...obfuscated].sort((a, b) => a.start - b.start);
}

/** True when text could hold an address, plain or written to dodge scrapers; a cheap check. */
export function mayContainEmail(text: string): boolean {
  return text.includes('@') || mayContainObfuscatedEmail(text);
}

// RFC 5321 allows a quoted local part ('"jane doe"@example.org'): rare, but a whole address.
const QUOTED_LOCAL = /(?<![\p{L}\p{N}._%+\-"])"[^"\n\\@]{1,62}"$/u;

function emailAround(text: string, at: number): PiiSpan | undefined {
  const quoted = QUOTED_LOCAL.exec(text.slice(Math.max(0, at - 64), at));
  if (quoted) {
    const end = domainEnd(text, at + 1);
    if (end === undefined) return undefined;
    const start = at - quoted[0].length;
    return { kind: 'email', start, end, value: text.slice(start, end) };
  }
  let start = at;
  let script: string | undefined;
  while (start > 0 && at - start < MAX_LOCAL) {
    const c = text.charAt(start - 1);
    if (!LOCAL_CHAR.test(c)) break;
    const cScript = scriptOf(c);
    if (cScript && script && cScript !== script) break;
    script ??= cScript;
    start -= 1;
  }
  const before = text.charAt(start - 1);
  if (start > 0 && LOCAL_CHAR.test(before) && !(script && scriptOf(before) !== script)) {
    return undefined;
  }
  while (start < at && !LOCAL_START.test(text.charAt(start))) start += 1;
  if (start === at) return undefined;
  if (URL_USERINFO_BEFORE.test(text.slice(Math.max(0, start - 200), start))) return undefined;
  if (followsSshCommand(text, start)) return undefined;

  const end = domainEnd(text, at + 1);
  if (end === undefined || isHostNotMailbox(text, end)) return undefined;
  const value = text.slice(start, end);
  if (FORGE_LOGIN.test(value) || isAttributeChain(text, start, value)) return undefined;
  return { kind: 'email', start, end, value };
}

/**
 * True when what follows a domain makes it a host: an scp-style remote path, or a '(' right after
 * it, a method call ("q@k.transpose(-2, -1)", Python's matrix product); an address is never
 * written glued to a bracket.
 */
function isHostNotMailbox(text: string, end: number): boolean {
  const next = text.charAt(end);
  if (next === '(') return true;
  return next === ':' && REMOTE_PATH_AFTER.test(text.slice(end, end + 200));
}

// Python's matrix product on an attribute chain ("y = x@self.weight.data", "out = x@W.data"):
// an operand of an assignment, a call or an operator, after `self.`/`this.` or before `.data` (a
// tensor's values, and a top-level domain that holds almost no mailboxes).
const ATTRIBUTE_CHAIN = /^[A-Za-z_]\w*@(?:(?:self|this)\.\w+\.|\w+\.data$)/;
const OPERAND_BEFORE = /(?:[=(,+\-*/]|\breturn)[ \t]*$/;
// The line is code: an assignment, a return or a call. Without one, the same marks are prose: a
// bullet ("- jane@acme.data"), a parenthesis ("Jane (jane@acme.data)"), a list ("bob@x.com, …").
const CODE_LINE = /=|\breturn\b|[\w\])]\(/;

// A log's or a command line's field that holds an address ("user=jane@acme.data", "--author=…",
// "sender_email=…"): the field's last word names a person or a mailbox, and code's operands are
// never so named.
const ADDRESS_FIELD_BEFORE =
  /(?:^|[^\w.-])(?:[\w.-]*[_.-])?(?:user|username|e?mail|rcpt|recipient|to|from|sender|author|committer|owner|cc|bcc|login|contact|addr|address)=$/i;

function isAttributeChain(text: string, start: number, value: string): boolean {
  if (!ATTRIBUTE_CHAIN.test(value)) return false;
  const before = lineBefore(text, start, 80);
  if (ADDRESS_FIELD_BEFORE.test(before)) return false;
  return OPERAND_BEFORE.test(before) && CODE_LINE.test(before);
}

function followsSshCommand(text: string, start: number): boolean {
  // Most lines have no "sh" or "sftp" before the address; the regular expression is the slow part.
  const before = lineBefore(text, start, 200);
  return (before.includes('sh') || before.includes('sftp')) && SSH_COMMAND_BEFORE.test(before);
}

/** The script group of a letter ('other' for any non-Latin, non-CJK one), undefined otherwise. */
function scriptOf(c: string): string | undefined {
  for (const [name, pattern] of SCRIPTS) if (pattern.test(c)) return name;
  return undefined;
}

/** End of a dotted domain starting at `from`, or undefined when there is no valid one. */
function domainEnd(text: string, from: number): number | undefined {
  let end = from;
  while (end < text.length && end - from < MAX_DOMAIN) {
    const c = text.charAt(end);
    if (DOMAIN_CHAR.test(c)) end += 1;
    else if (c === '.' && DOMAIN_CHAR.test(text.charAt(end + 1))) end += 1;
    else break;
  }
  // A domain never ends in '.' or '-': those belong to the sentence ("mail jo@x.com-or call").
  let domain = text.slice(from, end).replace(/[.-]+$/, '');
  const labels = domain.split('.');
  if (labels.length < 2) return undefined;
  let tld = labels[labels.length - 1] ?? '';
  const runOn = LATIN_TLD_THEN_TEXT.exec(tld);
  if (runOn && !isAddressTld(tld)) {
    domain = domain.slice(0, domain.length - tld.length + runOn[0].length);
    tld = runOn[0];
    labels[labels.length - 1] = tld;
  }
  if (!isAddressTld(tld)) return undefined;
  if (labels.some((label) => label.length === 0 || label.length > 63 || /^-|-$/.test(label))) {
    return undefined;
  }
  return from + domain.length;
}
