import { DELEGATED_TLDS } from './email-tld-list.ts';

// The top-level domains an address can end in, shared by the plain and the spelt-out readings.
// An ASCII one must be delegated (IANA's list) or a name set aside for private networks and
// examples, which companies' own mail uses ("jane@acme.corp", "ops@build.internal"): so
// "x@self.weight" (Python's matrix product) is not an address, "jo@x.dev" is.
const LATIN_TLD = /^[A-Za-z]{2,63}$/;
// "h@W.mT" (PyTorch's batched transpose): a capital after a small letter is an identifier's
// camelCase; an address's domain is written in one case, or capitalised ("Jane@Example.Com").
const CAMEL_CASE = /[a-z][A-Z]/;
const OTHER_TLD = /^(?:xn--[A-Za-z0-9-]{1,59}|[^\p{Script=Latin}\p{N}-]{2,63})$/u;
// RFC 2606 and 6761 (example, test, invalid, localhost), mDNS's local, ICANN's internal (2024),
// onion, alt (RFC 9476), and the private suffixes networks are commonly named with.
const PRIVATE_USE_TLDS = new Set([
  'example',
  'test',
  'invalid',
  'localhost',
  'local',
  'localdomain',
  'internal',
  'onion',
  'alt',
  'corp',
  'home',
  'lan',
  'intranet',
  'private',
]);
// "icon@2x.png" and "logo@3x.webp" are asset names, not addresses.
const FILE_EXTENSION_TLD =
  /^(?:png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?|heic|js|mjs|cjs|jsx|tsx?)$/i;

/** True when `label` can be an address's top-level domain (delegated, private-use or non-Latin). */
export function isAddressTld(label: string): boolean {
  if (FILE_EXTENSION_TLD.test(label)) return false;
  if (!LATIN_TLD.test(label)) return OTHER_TLD.test(label);
  if (CAMEL_CASE.test(label)) return false;
  const lower = label.toLowerCase();
  return DELEGATED_TLDS.has(lower) || PRIVATE_USE_TLDS.has(lower);
}
