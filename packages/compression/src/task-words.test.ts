// Issue 17: the aggressive level never drops what is asked. Each case is an instruction whose
// verb and object the level used to drop (decision 062).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';

const cases: { text: string; role: 'system' | 'user'; task: string[] }[] = [
  {
    // "You <verb>": the object and the "for" phrase that says whose tickets.
    text: "You are a helpful assistant. You summarise support tickets for the billing team. You should keep the ticket number and the customer's plan name in every summary.",
    role: 'system',
    task: ['summarise support tickets', 'billing team', 'keep ticket number'],
  },
  {
    // The object is a clause's worth of nouns ("customers plan trips"), after a persona.
    text: "You are a travel agent for a small boutique agency. You help customers plan trips to Japan and Korea. You're enthusiastic about travel.",
    role: 'system',
    task: ['help customers plan trips'],
  },
  {
    // An imperative opening with a rare verb, protected as a name would be.
    text: "Answer the user's question based on the context below. Cite the documents you use with their number in square brackets.",
    role: 'system',
    task: ['cite documents'],
  },
  {
    // Two objects joined by "and", in pasted instructions.
    text: 'To make one loaf you need 500 g of strong white flour. Mix the flour and water and leave them to rest for an hour.',
    role: 'user',
    task: ['mix flour', 'water'],
  },
  {
    // A second instruction joined by "and": its verb, who is told and the question it asks.
    text: 'Open the file build-output-log.txt and tell me why the step failed in the nightly job',
    role: 'user',
    task: ['open file build-output-log.txt', 'tell me why step failed'],
  },
  {
    // Joined by "then", with a bare pronoun as the object ("leave them").
    text: 'Mix the flour and water, then leave them to rest for an hour before you add the salt.',
    role: 'user',
    task: ['mix flour', 'water', 'leave them to rest'],
  },
  {
    // A request worded as a want: what is wanted, and whose (decision 068).
    text: 'I would like a detailed comparison of the two insurance offers before Friday.',
    role: 'user',
    task: ['detailed comparison of two insurance offers'],
  },
  {
    // "need <a X> that <verb>s <Y>": the thing needed and what it must do.
    text: 'We need a script that copies the nightly backups to the archive bucket.',
    role: 'user',
    task: ['need script that copies nightly backups'],
  },
  {
    // A second verb of the relative clause, joined by "and", with "per" saying which.
    text: 'Write a query that counts the active users per country and sorts them by signups.',
    role: 'user',
    task: ['query that counts active users per country', 'sorts them'],
  },
  {
    // The example, as an earlier turn: the function, what it returns, which rows.
    text: 'I need a Python function that reads a CSV file called sales_2024.csv and returns the total revenue per region. I want it to skip rows where the amount is empty. Then write a short unit test for it.',
    role: 'user',
    task: ['Python function', 'sales_2024.csv', 'returns total revenue per region', 'skip rows'],
  },
];

describe('aggressive keeps what an instruction asks', () => {
  for (const { text, role, task } of cases) {
    it(task.join(', '), () => {
      const out = compressText(text, 'aggressive', role);
      assert.ok(out.length < text.length, `nothing was compressed: ${out}`);
      for (const words of task)
        assert.ok(out.toLowerCase().includes(words.toLowerCase()), `lost "${words}": ${out}`);
    });
  }

  it('still drops the grammar words around the task', () => {
    const out = compressText(
      'You are a helpful assistant. You summarise support tickets for the billing team.',
      'aggressive',
      'system',
    );
    assert.equal(out, 'Summarise support tickets for billing team.');
  });

  it('reads a persona as what the assistant is, not as a task', () => {
    assert.equal(
      compressText('You are a helpful assistant.', 'aggressive', 'system'),
      'Helpful assistant.',
    );
  });
});
