// Long system prompts as product teams write them: a persona, several rule blocks, output format,
// tools and examples, laid out as Markdown sections, XML-style sections, numbered rules or prose.
import { faker } from '@faker-js/faker';
import { type Entities, fill, pickEntities } from './fill.ts';
import type { CorpusMessage, CorpusPrompt } from './prompt.ts';
import { readSections, type Section } from './sources.ts';

const questionsByPersona: Record<string, string[]> = {
  'support agent': [
    'I was charged {amount} but my plan should cost less. Why?',
    'How do I change the email address on my account?',
    "my order {order} still hasn't arrived, it's been 9 days",
  ],
  'coding assistant': [
    'How should I structure error handling in an Express API so that every error returns JSON?',
    'What is the difference between a process and a thread, in practical terms?',
    'Can you review my approach: I store sessions in a global Map in a Node.js server running on 4 instances.',
  ],
  'legal research assistant': [
    'Summarise the key obligations of the supplier in the attached master services agreement.',
    'Draft a short letter reminding the counterparty that the notice period ends on {date}.',
  ],
  'travel planner': [
    'We are two adults with a toddler, 5 days in {city} in April, budget around {amount}. What would you suggest?',
    'Is it better to take the train or fly from Paris to Barcelona with luggage?',
  ],
  'data analyst': [
    'Why did weekly revenue drop last week compared with the week before?',
    'Which marketing campaigns had the best conversion rate in Q2?',
  ],
  tutor: [
    "I don't get why you flip the sign when you divide an inequality by a negative number.",
    'Can you check my answer? I got x = 4 for 3x + 5 = 2x + 9.',
  ],
  'HR assistant': [
    'How many days of holiday do I have left and can I carry them over to next year?',
    'My father is seriously ill. What kind of leave can I take?',
  ],
  'e-commerce shopping assistant': [
    'I need running shoes for flat feet, under {amount}. What do you have?',
    'Can I return a jacket I bought in the sale if it does not fit?',
  ],
};

function numbered(body: string): string {
  const sentences = body.match(/[^.!?]+[.!?]+/g) ?? [body];
  return sentences.map((s, i) => `${i + 1}. ${s.trim()}`).join('\n');
}

function heading(title: string): string {
  const [kind] = title.split(':');
  return (
    (
      {
        persona: 'Role',
        rules: 'Rules',
        formatting: 'Output format',
        tools: 'Tools',
        examples: 'Examples',
      } as Record<string, string>
    )[kind ?? ''] ?? 'Notes'
  );
}

// Blocks that only make sense for some personas; every other block suits any persona.
const onlyFor: Record<string, string[]> = {
  'rules: code quality': ['coding assistant'],
  'rules: refunds and compensation': ['support agent', 'e-commerce shopping assistant'],
  'tools: order lookup': ['support agent', 'e-commerce shopping assistant'],
  'tools: SQL warehouse': ['data analyst'],
  'examples: support': ['support agent', 'e-commerce shopping assistant'],
  'examples: extraction': ['support agent', 'data analyst', 'legal research assistant'],
  'formatting: plain text for SMS': [
    'support agent',
    'e-commerce shopping assistant',
    'travel planner',
  ],
  'formatting: email drafts': ['legal research assistant', 'HR assistant', 'support agent'],
};

/** Merges the blocks of one kind (all rule blocks, say) into one section under one heading. */
function groupByKind(sections: Section[]): Section[] {
  const groups = new Map<string, string[]>();
  for (const s of sections) {
    const kind = s.title.split(':')[0] ?? '';
    groups.set(kind, [...(groups.get(kind) ?? []), s.body]);
  }
  return [...groups].map(([kind, bodies]) => ({ title: `${kind}:`, body: bodies.join('\n\n') }));
}

type Layout = (sections: Section[], e: Entities) => string;
const layouts: Layout[] = [
  (s, e) => s.map((x) => `## ${heading(x.title)}\n${fill(x.body, e)}`).join('\n\n'),
  (s, e) => s.map((x) => fill(x.body, e)).join('\n\n'),
  (s, e) =>
    s
      .map((x) => {
        const tag = heading(x.title).toLowerCase().replace(' ', '_');
        return `<${tag}>\n${fill(x.body, e)}\n</${tag}>`;
      })
      .join('\n'),
  (s, e) =>
    s
      .map((x) =>
        x.title.startsWith('rules')
          ? `${heading(x.title).toUpperCase()}:\n${numbered(fill(x.body, e))}`
          : fill(x.body, e),
      )
      .join('\n\n'),
];

export function buildSystemPrompts(count: number): CorpusPrompt[] {
  const sections = readSections('system-prompts.md');
  return Array.from({ length: count }, (_, i) => {
    const e = pickEntities();
    const persona = faker.helpers.arrayElement(
      sections.filter((s) => s.title.startsWith('persona:')),
    );
    const personaName = persona.title.replace('persona: ', '');
    const of = (kind: string) =>
      sections.filter(
        (s) => s.title.startsWith(`${kind}:`) && (onlyFor[s.title]?.includes(personaName) ?? true),
      );
    const chosen = [
      persona,
      ...faker.helpers.arrayElements(of('rules'), { min: 2, max: 5 }),
      faker.helpers.arrayElement(of('formatting')),
    ];
    // Tools and examples are optional, and not every persona has one that suits it.
    chosen.push(...faker.helpers.arrayElements(of('tools'), { min: 0, max: 1 }));
    chosen.push(...faker.helpers.arrayElements(of('examples'), { min: 0, max: 1 }));
    const system = faker.helpers.arrayElement(layouts)(groupByKind(chosen), e);
    const question = fill(
      faker.helpers.arrayElement(questionsByPersona[personaName] ?? ['Hello?']),
      e,
    );
    const messages: CorpusMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: question },
    ];
    return { id: `system-${String(i + 1).padStart(3, '0')}`, kind: 'system', messages };
  });
}
