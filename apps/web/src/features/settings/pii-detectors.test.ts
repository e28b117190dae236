/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ADDITIONAL_DETECTORS,
  CORE_DETECTORS,
  completePiiConfig,
  type FullPiiConfig,
  samePiiConfig,
} from './pii-detectors.ts';

const saved: FullPiiConfig = {
  enabled: true,
  redact_emails: true,
  redact_phones: true,
  redact_ssn: true,
  redact_credit_cards: false,
  redact_ip_addresses: false,
  redact_secrets: false,
};

describe('PII detectors', () => {
  test('the spec switches come first; each of the six settings has exactly one switch', () => {
    assert.deepEqual(
      CORE_DETECTORS.map((d) => d.field),
      ['redact_emails', 'redact_phones', 'redact_ssn'],
    );
    const fields = [...CORE_DETECTORS, ...ADDITIONAL_DETECTORS].map((d) => d.field);
    const settings = Object.keys(saved).filter((k) => k !== 'enabled');
    assert.deepEqual([...fields].sort(), [...settings].sort());
  });

  test('an answer without the additional flags shows them switched off', () => {
    const full = completePiiConfig({
      enabled: true,
      redact_emails: false,
      redact_phones: true,
      redact_ssn: true,
    });
    assert.equal(full.redact_credit_cards, false);
    assert.equal(full.redact_ip_addresses, false);
    assert.equal(full.redact_secrets, false);
    assert.equal(full.redact_emails, false, 'flags that were sent are kept');
  });

  test('flags that were sent, the additional ones included, are kept', () => {
    assert.deepEqual(completePiiConfig({ ...saved, redact_secrets: true }), {
      ...saved,
      redact_secrets: true,
    });
  });

  test('a change to any switch counts as a difference', () => {
    assert.equal(samePiiConfig(saved, { ...saved }), true);
    for (const field of Object.keys(saved) as (keyof FullPiiConfig)[]) {
      assert.equal(samePiiConfig(saved, { ...saved, [field]: !saved[field] }), false, field);
    }
  });
});
