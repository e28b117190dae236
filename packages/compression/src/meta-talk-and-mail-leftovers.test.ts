// Decision 249: talk about the request that asks nothing ("Just one thing though,", "The thing
// is,", "I wanted to ask if you could"), and what mail clients, newsletters and help pages leave in pasted
// text ("Get Outlook for iOS", "Please consider the environment before printing", "You are
// receiving this email because …", "Need more help? Contact us."), go; the same words where they
// say something stay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';
import { COMPRESSION_LEVELS } from './levels.ts';

const atEveryLevel = (text: string, check: (out: string, level: string) => void) => {
  for (const level of COMPRESSION_LEVELS)
    for (const last of [true, false])
      check(compressText(text, level, 'user', { isLastUserMessage: last }), level);
};

/**
 * Where the words must stay: at every level in the last message, and in earlier turns at the
 * levels that keep them readable (aggressive prunes content words there, whatever the rule).
 */
const whereKept = (text: string, check: (out: string, level: string) => void) => {
  for (const level of COMPRESSION_LEVELS)
    for (const last of level === 'aggressive' ? [true] : [true, false])
      check(compressText(text, level, 'user', { isLastUserMessage: last }), level);
};

describe('meta-talk about the request (decision 249)', () => {
  it('drops "Just one thing though," before what the one thing is', () => {
    atEveryLevel(
      'Thanks, that is really good! Just one thing though, you wrote "five years" and it is only three.',
      (out, level) => {
        assert.doesNotMatch(out, /one thing|though/i, `${level}: ${out}`);
        assert.match(out, /^You wrote "five years"/, `${level}: ${out}`);
      },
    );
    atEveryLevel('One more thing: can you add a table of the costs?', (out, level) =>
      assert.doesNotMatch(out, /one more thing/i, `${level}: ${out}`),
    );
  });

  it('keeps "one thing" where it is what the sentence is about', () => {
    whereKept("One thing I don't understand is why the build fails on Fridays.", (out, level) =>
      assert.match(out, /^One thing I don't understand/, `${level}: ${out}`),
    );
    whereKept('I need one more thing, a charger for the laptop.', (out, level) =>
      assert.match(out, /one more thing/, `${level}: ${out}`),
    );
  });

  it('drops "The thing is," before the clause that says the thing', () => {
    atEveryLevel('The thing is, the server crashes every night at 2am.', (out, level) => {
      assert.doesNotMatch(out, /thing/i, `${level}: ${out}`);
      assert.match(out, /^(?:The )?[Ss]erver crashes/, `${level}: ${out}`);
    });
    atEveryLevel('The thing is that my landlord never replied to the email.', (out, level) =>
      assert.doesNotMatch(out, /thing is/i, `${level}: ${out}`),
    );
  });

  it('keeps "the thing is" where the thing is the subject', () => {
    whereKept('The thing is broken and the shop is closed until Monday.', (out, level) =>
      assert.match(out, /[Tt]hing (?:is )?broken/, `${level}: ${out}`),
    );
  });

  it('keeps "what I want is" (the readability check reads a dropped "is" as a broken phrase)', () => {
    whereKept("What I'd like is a polite, warm reply email to her.", (out, level) =>
      assert.match(out, /What I'd like (?:is )?(?:a )?polite/, `${level}: ${out}`),
    );
    whereKept('I know what I want is impossible, but help me plan the trip.', (out, level) =>
      assert.match(out, /what I want (?:is )?impossible/, `${level}: ${out}`),
    );
    whereKept('What I need is unclear to me, so ask me questions first.', (out, level) =>
      assert.match(out, /^What I need (?:is )?unclear/, `${level}: ${out}`),
    );
  });

  it('asks "could you" where the writer "wanted to ask if you could"', () => {
    assert.equal(
      compressText('I just wanted to ask if you could check my essay for typos.', 'conservative'),
      'Could you check my essay for typos.',
    );
    whereKept('I wanted to ask my teacher about the essay but she is away.', (out, level) =>
      assert.match(out, /wanted to ask (?:my )?teacher/i, `${level}: ${out}`),
    );
  });
});

describe('what mail clients, newsletters and help pages leave in pasted text (decision 249)', () => {
  it('drops the lines a mail client or a green footer adds', () => {
    const mail =
      'Hi Tom, the delivery moves to Friday 14 March.\n\nPlease consider the environment before printing this e-mail.\n\nGet Outlook for iOS';
    atEveryLevel(`Summarise this email:\n\n${mail}`, (out, level) => {
      assert.doesNotMatch(out, /environment|printing|Outlook|iOS/, `${level}: ${out}`);
      assert.match(out, /Friday 14 March/, `${level}: ${out}`);
    });
    atEveryLevel('The invoice is attached.\nSent from Outlook for Android', (out, level) =>
      assert.doesNotMatch(out, /Outlook|Android/, `${level}: ${out}`),
    );
  });

  it('keeps a sentence about printing or Outlook that says something', () => {
    whereKept(
      'Please consider the environment before printing the 40-page report for the board.',
      (out, level) => assert.match(out, /40-page report/, `${level}: ${out}`),
    );
    whereKept('How do I get Outlook for iOS to sync my work calendar?', (out, level) =>
      assert.match(out, /Outlook for iOS/, `${level}: ${out}`),
    );
  });

  it("drops a newsletter's subscription footer", () => {
    const footer =
      'Our spring sale ends on 31 March.\n\nYou are receiving this email because you signed up for our newsletter. If you no longer wish to receive these emails, you can unsubscribe at any time.';
    atEveryLevel(`Rewrite this in a friendlier tone:\n\n${footer}`, (out, level) => {
      assert.doesNotMatch(out, /receiving|no longer wish|unsubscribe/i, `${level}: ${out}`);
      assert.match(out, /31 March/, `${level}: ${out}`);
    });
  });

  it('keeps "you are receiving this" outside an e-mail footer', () => {
    whereKept(
      'You are receiving this error because the token expired after 15 minutes. How do I refresh it?',
      (out, level) => assert.match(out, /receiving (?:this )?error/, `${level}: ${out}`),
    );
  });

  it("drops a help page's feedback question and its contact line", () => {
    const page =
      'Reset your password from the login page. The link expires after 24 hours.\nWas this helpful? Yes No\nNeed more help? Contact our support team.';
    atEveryLevel(`Explain this to my dad:\n\n${page}`, (out, level) => {
      assert.doesNotMatch(out, /helpful|Yes No|Need more help|support team/, `${level}: ${out}`);
      assert.match(out, /24 hours/, `${level}: ${out}`);
    });
  });

  it('keeps a question about help that names who to contact', () => {
    whereKept('Need more help? Contact Priya on 0161 555 0199.', (out, level) =>
      assert.match(out, /Priya on 0161 555 0199/, `${level}: ${out}`),
    );
    whereKept('Was this change helpful for the page load time?', (out, level) =>
      assert.match(out, /change helpful/, `${level}: ${out}`),
    );
  });
});

describe('the rules framing a pasted part (decision 249)', () => {
  const pasted =
    'Summarise this standup for the channel.\n\n--- Standup, Tue 14 May, Team Kestrel ---\nPriya: finished the CSV export.\nTomasz: still on the login bug.\n---';

  it('drops the closing rule that ends the text at balanced and aggressive', () => {
    for (const level of ['balanced', 'aggressive'] as const)
      assert.doesNotMatch(compressText(pasted, level), /\n---$/, level);
    assert.match(compressText(pasted, 'conservative'), /\n---$/);
  });

  it('takes the rules off a title they frame at aggressive, and keeps the title', () => {
    assert.match(compressText(pasted, 'aggressive'), /^Standup, Tue 14 May, Team Kestrel$/m);
    assert.match(compressText(pasted, 'balanced'), /^--- Standup, Tue 14 May, Team Kestrel ---$/m);
  });

  it('keeps a rule between two parts at balanced', () => {
    const text = 'Summarise the notes.\n\nAlpha: done.\n\n---\n\nBeta: pending.';
    assert.match(compressText(text, 'balanced'), /\n---\n/);
  });
});
