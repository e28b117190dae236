// JSON payload requests: an instruction plus data serialised the ways applications do it
// (pretty-printed with 2 or 4 spaces, compact, or inside a ```json fence).
import { faker } from '@faker-js/faker';
import { fill, pickEntities } from './fill.ts';
import { payloadBuilders } from './json-payloads.ts';
import type { CorpusMessage, CorpusPrompt } from './prompt.ts';

const systems = [
  'You are a data assistant. Read the JSON provided by the user carefully and answer precisely. Never invent fields that are not in the data.',
  'You are an operations assistant for {company}. The user will paste records from internal systems. Answer in plain English unless asked for JSON.',
];

function serialise(data: unknown): string {
  const roll = faker.number.float();
  if (roll < 0.5) return JSON.stringify(data, null, 2);
  if (roll < 0.6) return JSON.stringify(data, null, 4);
  if (roll < 0.8) return JSON.stringify(data);
  return `\`\`\`json\n${JSON.stringify(data, null, 2)}\n\`\`\``;
}

export function buildJsonPrompts(count: number): CorpusPrompt[] {
  return Array.from({ length: count }, (_, i) => {
    const e = pickEntities();
    const payload = faker.helpers.arrayElement(payloadBuilders)(e);
    const task = faker.helpers.arrayElement(payload.tasks);
    const json = serialise(payload.data);
    const content = faker.datatype.boolean({ probability: 0.7 })
      ? `${task}\n\n${json}`
      : `Here is the data:\n${json}\n\n${task}`;
    const messages: CorpusMessage[] = [];
    if (faker.datatype.boolean({ probability: 0.6 })) {
      messages.push({ role: 'system', content: fill(faker.helpers.arrayElement(systems), e) });
    }
    messages.push({ role: 'user', content });
    return { id: `json-${String(i + 1).padStart(3, '0')}`, kind: 'json', messages };
  });
}
