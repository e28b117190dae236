import { isIPv6 } from 'node:net';
import type { PiiSpan } from '../pii-kinds.ts';
import { lineBefore } from './text-context.ts';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
// Four valid octets without leading zeros, not part of a longer dotted number ("1.2.3.4.5"),
// host name ("10.0.0.1.nip.io") or IPv6 address ("::ffff:192.0.2.1", found as a whole below).
const IPV4 = new RegExp(
  `(?<![\\p{L}\\p{N}_.]|\\d\\.|::|:[0-9A-Fa-f]{1,4}:)${OCTET}(?:\\.${OCTET}){3}(?![\\p{L}\\p{N}_]|\\.[\\p{L}\\p{N}])`,
  'gu',
);
// Hex groups and colons (with an optional dotted IPv4 tail and zone id), checked by node:net.
const IPV6_CANDIDATE =
  /(?<![\p{L}\p{N}_:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?:%[A-Za-z0-9_.-]+)?(?![\p{L}\p{N}_:]|\.\d)/gu;
// Cheap gates that start with a literal character, which the regex engine scans for quickly.
const MAY_HOLD_IPV4 = /\.\d{1,3}\.\d{1,3}\./;
const MAY_HOLD_IPV6 = /:[0-9A-Fa-f]{0,4}:/;
// "version 1.2.3.4" and "v1.0.0.1" are version numbers that happen to have four parts.
const VERSION_CUE = /(?<![\p{L}\p{N}])(?:version|ver\.?|v|build|release|assembly\w*|rev)[\s:=]*$/iu;

// Loopback, unspecified and netmask values identify no one and fill code examples, so they stay.
function isNonIdentifyingIpv4(value: string): boolean {
  return value.startsWith('127.') || value.startsWith('255.') || value === '0.0.0.0';
}

export function findIpAddresses(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  if (MAY_HOLD_IPV4.test(text)) {
    for (const match of text.matchAll(IPV4)) {
      const value = match[0];
      if (isNonIdentifyingIpv4(value)) continue;
      if (VERSION_CUE.test(lineBefore(text, match.index, 24))) continue;
      spans.push({
        kind: 'ip_address',
        start: match.index,
        end: match.index + value.length,
        value,
      });
    }
  }
  if (MAY_HOLD_IPV6.test(text)) {
    for (const match of text.matchAll(IPV6_CANDIDATE)) {
      const value = match[0];
      if (!isIdentifyingIpv6(value)) continue;
      spans.push({
        kind: 'ip_address',
        start: match.index,
        end: match.index + value.length,
        value,
      });
    }
  }
  return spans;
}

function isIdentifyingIpv6(value: string): boolean {
  const address = value.split('%')[0] ?? '';
  if (!isIPv6(address)) return false;
  // Needs at least two hex groups and four hex digits: keeps "::1", "a::b" and C++'s "std::"
  // (which parse as addresses) out, while "fe80::1" and full addresses count.
  const groups = address.split(':').filter((group) => group.length > 0);
  const hexDigits = groups.join('').replace(/[^0-9A-Fa-f]/g, '').length;
  return groups.length >= 2 && hexDigits >= 4;
}
