// Code questions: a question with the code and its error output, fenced or pasted raw as people
// do in chat boxes, sometimes under a coding-assistant system prompt.
import { faker } from '@faker-js/faker';
import { fill, pickEntities } from './fill.ts';
import type { CorpusMessage, CorpusPrompt } from './prompt.ts';
import { parseCodeQuestion, readSections } from './sources.ts';

const prefaces = [
  '',
  '',
  'Hi! ',
  'Quick question. ',
  'Hey, hoping you can help. ',
  "I'm working on an integration for {company} and I'm stuck. ",
  'This is for a side project, so no need for anything enterprise-grade. ',
];

function block(body: string, language: string, fenced: boolean): string {
  return fenced ? `\`\`\`${language}\n${body}\n\`\`\`` : body;
}

export function buildCodePrompts(count: number): CorpusPrompt[] {
  const sections = readSections('code-questions.md');
  const personas = readSections('system-prompts.md').filter((s) =>
    ['persona: coding assistant', 'rules: code quality', 'formatting: markdown'].includes(s.title),
  );
  return Array.from({ length: count }, (_, i) => {
    const e = pickEntities();
    const q = parseCodeQuestion(faker.helpers.arrayElement(sections));
    const fenced = faker.datatype.boolean({ probability: 0.8 });
    const parts = [block(q.code, q.language, fenced)];
    if (q.error)
      parts.push(
        `${faker.helpers.arrayElement(['Error:', 'Output:', 'Here is what I get:'])}\n${block(q.error, '', fenced)}`,
      );
    const question = fill(faker.helpers.arrayElement(prefaces), e) + q.question;
    const userText = faker.datatype.boolean({ probability: 0.6 })
      ? [question, ...parts].join('\n\n')
      : [...parts, question].join('\n\n');
    const messages: CorpusMessage[] = [];
    if (faker.datatype.boolean()) {
      const chosen = faker.helpers.arrayElements(personas, { min: 1, max: personas.length });
      messages.push({ role: 'system', content: chosen.map((s) => fill(s.body, e)).join('\n\n') });
    }
    if (faker.datatype.boolean({ probability: 0.2 })) {
      messages.push(
        {
          role: 'user',
          content: `I have a bug in some ${q.language || 'shell'} code, can you help?`,
        },
        {
          role: 'assistant',
          content:
            'Of course. Please share the relevant code and the full error message or the behaviour you see, and tell me what you expected to happen instead.',
        },
      );
    }
    messages.push({ role: 'user', content: userText });
    return { id: `code-${String(i + 1).padStart(3, '0')}`, kind: 'code', messages };
  });
}
