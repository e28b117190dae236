// Issue 17: the aggressive level never drops the words that say what a fact is. Each case is a
// sentence the level used to strip of its label (decision 057), compressed as pasted context.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';

/** Compresses as pasted text (not the instruction), where the pruner may take content words. */
function aggressive(text: string): string {
  return compressText(text, 'aggressive', 'user');
}

const cases: { text: string; labels: string[] }[] = [
  {
    // A percentage: what rose, and what should happen to it.
    text: 'Before then, we would like to discuss two things: first, reducing the number of seats from 120 to 85, since several teams have moved to another tool; and second, whether the 7% price increase mentioned in your last email can be waived given that we have been customers for four years.',
    labels: ['reducing', 'seats', '7% price increase', 'waived', 'customers'],
  },
  {
    // A date: the subject of the clause, several words before it.
    text: 'Our contract with you for the analytics platform renews automatically on 17 February 2026.',
    labels: ['contract', 'renews', '17 February 2026'],
  },
  {
    // An amount in brackets labels the noun before it.
    text: '- The budget for the load testing tool (£745) is approved.',
    labels: ['budget', 'load testing tool (£745)', 'approved'],
  },
  {
    // Numbers far from their subject.
    text: 'My electricity bill went up from about 60 to 140 a month even though we did not change anything at all.',
    labels: ['electricity bill', '60', '140'],
  },
  {
    // A version and its subject.
    text: 'After the long weekend the version that we finally shipped to all of our customers was 3.1.4.',
    labels: ['version', '3.1.4'],
  },
  {
    // A URL and what it is.
    text: 'In the meantime the status page for the whole platform is at https://status.example.com for everyone.',
    labels: ['status page', 'https://status.example.com'],
  },
  {
    // A name and its title.
    text: 'Please forward the signed copy of the agreement to my manager Priya Raman before the end of the week.\nNadine Metz\nHead of Operations, Cronin and Nolan',
    labels: ['manager Priya Raman', 'Head of Operations'],
  },
  {
    // A date written with words ("second week of next month"): whose date it is.
    text: '- The migration of the billing service moves to the second week of next month, after the finance close.',
    labels: ['migration', 'billing service moves', 'second week'],
  },
  {
    // A version and whose it is, in an "of" phrase after it (decision 068).
    text: 'We shipped release 3.2 of the mobile banking app last night and the crash rate fell sharply afterwards.',
    labels: ['release 3.2 of mobile banking app'],
  },
  {
    // An amount and what it is for, after it.
    text: 'The invoice showed a charge of $1,250 for the premium support plan, which nobody on our team had ordered.',
    labels: ['$1,250 for premium support plan'],
  },
  {
    // The example, an earlier turn: the version's owner stays with it.
    text: 'Hi there! I was wondering if you could please help me. I deployed the new version 2.4.1 of our billing service yesterday and I noticed that invoices for customers in Germany are now missing the VAT line. Could you tell me where I should look first? Thanks so much in advance!',
    labels: ['version 2.4.1 of billing service'],
  },
];

describe('aggressive keeps the words that label a fact', () => {
  for (const { text, labels } of cases) {
    it(labels.join(', '), () => {
      const out = aggressive(text);
      assert.ok(out.length < text.length, `nothing was compressed: ${out}`);
      // A label opening the output is capitalised: "Contract with you renews...".
      for (const label of labels)
        assert.ok(out.toLowerCase().includes(label.toLowerCase()), `lost "${label}": ${out}`);
    });
  }

  it('keeps every label of a dense list in the instruction while its scaffolding goes (decision 163)', () => {
    const out = compressText(
      "I'm hoping you can help me plan a retirement lunch. Details:\n- Honouree: Brenda Achterberg, 31 years in accounts payable\n- Budget: €2,200 total incl. venue and cake\n- No speeches longer than 5 minutes\n\nIf you could suggest 3 venue types, that'd be great.",
      'aggressive',
      'user',
      { isLastUserMessage: true },
    );
    for (const label of [
      'Help me plan retirement lunch',
      'Honouree: Brenda Achterberg, 31 years in accounts payable',
      'Budget: €2,200 total incl. venue and cake',
      'No speeches longer than 5 minutes',
      'Suggest 3 venue types.',
    ])
      assert.ok(out.includes(label), `lost "${label}": ${out}`);
    assert.doesNotMatch(out, /^- |hoping|great/m);
  });

  it('still drops what carries no meaning around them', () => {
    const out = aggressive(
      'Our contract with you for the analytics platform renews automatically on 17 February 2026.',
    );
    assert.doesNotMatch(out, /\bthe\b/);
  });
});
