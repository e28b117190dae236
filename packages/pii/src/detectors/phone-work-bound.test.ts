import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectPii } from '../detect-pii.ts';
import { ALL_KINDS_PII_CONFIG } from '../pii-config.ts';
import { planLookups } from './phone-numbering.ts';

// Long hostile inputs: every pattern scans in linear time, and the costly plan lookups stay a
// small multiple of the digit groups (measured at most 1.4 per group, on the phone-word run of
// single digits). The timeout only stops a run that backtracks without end; the bound is the
// lookup count.
const HOSTILE: Record<string, string> = {
  'spaced digits': '1 '.repeat(10_000),
  'spaced pairs': '12 '.repeat(10_000),
  'dashed groups': '415-'.repeat(5_000),
  'bracketed groups': '(1) '.repeat(5_000),
  'plus signs': '+1 '.repeat(5_000),
  'mixed separators': '1-2.3/4 5(6)7 '.repeat(2_000),
  'SSN-like runs': '123 45 '.repeat(5_000),
  'one long number': '9'.repeat(20_000),
  'at signs': 'a@'.repeat(10_000),
  'quoted local parts': '"a"@'.repeat(5_000),
  'one long quote': `"${' x'.repeat(10_000)}"@example.com`,
  'phones back to back': '415-862-3307 '.repeat(2_000),
  'international phones back to back': '+44 20 7123 4567 '.repeat(1_000),
  'single digits after a phone word': 'tel 0 1 2 3 4 5 6 7 8 9 '.repeat(1_000),
  'dashed pairs after a phone word': 'call 12-34-56-78-90-12-34-56 '.repeat(1_000),
};

describe('detectPii on long hostile input', { timeout: 60_000 }, () => {
  for (const [name, text] of Object.entries(HOSTILE)) {
    it(`${name}: at most 4 plan lookups per digit group`, () => {
      const groups = text.match(/\d+/g)?.length ?? 0;
      const before = planLookups();
      const spans = detectPii(text, ALL_KINDS_PII_CONFIG);
      assert.ok(Array.isArray(spans));
      const lookups = planLookups() - before;
      assert.ok(lookups <= 4 * groups, `${lookups} lookups for ${groups} groups`);
    });
  }
});
