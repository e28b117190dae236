import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stripBoilerplate } from './strip-boilerplate.ts';

describe('stripBoilerplate', () => {
  it('drops page chrome lines and keeps the content between them', () => {
    const page =
      'Skip to main content\nMenu\nThe desk adjusts from 62 cm to 127 cm.\nBack to top\nRelated articles';
    assert.equal(stripBoilerplate(page), 'The desk adjusts from 62 cm to 127 cm.');
  });

  it('drops mail-client signatures and confidentiality disclaimers', () => {
    const mail =
      'Please send the invoice by Friday.\n\nSent from my iPhone\n\nCONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and may be legally privileged. If you are not the intended recipient, please notify the sender immediately and delete this message.';
    const out = stripBoilerplate(mail);
    assert.ok(out.startsWith('Please send the invoice by Friday.'));
    assert.ok(!/iPhone|confidential|intended recipient/.test(out), out);
  });

  it('drops the buttons of a feedback widget with its question: no "Yes No" left (decision 035)', () => {
    assert.equal(
      stripBoilerplate(
        'The desk adjusts from 62 cm to 127 cm.\nWas this article helpful? Yes No\nBack to top',
      ),
      'The desk adjusts from 62 cm to 127 cm.',
    );
    assert.equal(
      stripBoilerplate(
        'The link expires after 24 hours.\n\nWas this article helpful?\nYes\nNo\n\nNext step',
      ),
      'The link expires after 24 hours.\n\nNext step',
    );
    // An answer that is not under a stripped question stays.
    assert.equal(
      stripBoilerplate('Can I pay by card?\nYes\nAll rights reserved.'),
      'Can I pay by card?\nYes',
    );
  });

  it('drops the heading of a stripped disclaimer: no "CONFIDENTIALITY NOTICE:" left (decision 035)', () => {
    assert.equal(
      stripBoilerplate(
        'Please send the invoice by Friday.\n\nCONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and may be legally privileged. If you are not the intended recipient, please notify the sender immediately and delete this message.',
      ),
      'Please send the invoice by Friday.',
    );
    // A heading whose text stays keeps it.
    const kept = 'IMPORTANT NOTICE: the office moves on 5 May.';
    assert.equal(stripBoilerplate(kept), kept);
  });

  it('drops a sign-off line and keeps the name under it', () => {
    const mail = 'Could we meet on Tuesday?\n\nBest,\nNadine Metz\nHead of Operations';
    assert.equal(
      stripBoilerplate(mail),
      'Could we meet on Tuesday?\n\nNadine Metz\nHead of Operations',
    );
    const text = 'Best, worst and average cases differ.\nSincerely yours, the team';
    assert.equal(stripBoilerplate(text), text);
  });

  it('keeps boilerplate-looking text that names or numbers something', () => {
    const text = '© 2026 Acme Ltd. All rights reserved.\nShare this article: Facebook Twitter';
    const out = stripBoilerplate(text);
    assert.ok(out.includes('© 2026 Acme Ltd.') && out.includes('Facebook Twitter'), out);
  });

  it('only removes a boilerplate sentence when it is a sentence of its own', () => {
    const text = 'Our policy says we use cookies only for login.';
    assert.equal(stripBoilerplate(text), text);
  });

  it('drops a line of menu labels when asked, and keeps a menu that names something (decision 053)', () => {
    const page =
      'Home | Products | Pricing | Blog\nHelp Center > Articles\nThe desk adjusts from 62 cm to 127 cm.\nPrivacy Policy | Terms of Use | Accessibility';
    assert.equal(stripBoilerplate(page, true), 'The desk adjusts from 62 cm to 127 cm.');
    assert.equal(stripBoilerplate(page), page);
    const named = 'Home | Acme Cloud | Pricing\nThe desk adjusts from 62 cm to 127 cm.';
    assert.equal(stripBoilerplate(named, true), named);
  });
  it("drops a mail client's banner over a forwarded e-mail, whose headers stay (decision 097)", () => {
    const mail =
      '---------- Forwarded message ---------\nFrom: Ana Lopez <ana@example.com>\nSubject: Rates\n-----Original Message-----\nThe rate rises to 4%.';
    assert.equal(
      stripBoilerplate(mail),
      'From: Ana Lopez <ana@example.com>\nSubject: Rates\nThe rate rises to 4%.',
    );
  });
});
