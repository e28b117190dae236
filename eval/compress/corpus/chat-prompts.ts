// Everyday assistant traffic: multi-turn conversations cut at a user turn, one-line requests, and
// emails pasted in to be summarised or answered.
import { faker } from '@faker-js/faker';
import { type Entities, fill, pickEntities } from './fill.ts';
import type { CorpusMessage, CorpusPrompt } from './prompt.ts';
import { parseTurns, readLines, readSections } from './sources.ts';

const assistantSystems = [
  'You are a helpful assistant.',
  'You are a friendly and knowledgeable assistant. Answer clearly and concisely.',
  "You are a helpful assistant. Today's date is {date}. Keep answers short unless the user asks for detail.",
];

const disclaimer =
  'CONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and may be legally privileged. If you are not the intended recipient, please notify the sender immediately and delete this message. Any unauthorised use, disclosure or copying is strictly prohibited.';

const emailTasks = [
  'Can you summarise this email and tell me what I need to do?',
  'Please draft a short, friendly reply to this email. Say yes to their proposal and suggest Thursday at 14:00.',
  "What's the tone of this email and is there anything I should be worried about?",
  'Turn this email into a list of action items with owners.',
];

function systemMessage(e: Entities): CorpusMessage[] {
  if (faker.datatype.boolean({ probability: 0.4 })) return [];
  return [{ role: 'system', content: fill(faker.helpers.arrayElement(assistantSystems), e) }];
}

function conversation(n: number): CorpusPrompt {
  const e = pickEntities();
  const chat = faker.helpers.arrayElement(readSections('chats.md'));
  const turns = parseTurns(chat.body);
  const userTurns = turns.flatMap((t, i) => (t.role === 'user' ? [i] : []));
  const last = faker.helpers.arrayElement(userTurns.slice(1));
  const history = turns
    .slice(0, last + 1)
    .map((t) => ({ role: t.role, content: fill(t.content, e) }));
  return { id: `chat-${n}`, kind: 'chat', messages: [...systemMessage(e), ...history] };
}

function shortRequest(n: number): CorpusPrompt {
  const e = pickEntities();
  const request = faker.helpers.arrayElement(readLines('short-requests.txt'));
  return {
    id: `chat-${n}`,
    kind: 'chat',
    messages: [...systemMessage(e), { role: 'user', content: request }],
  };
}

function emailHeader(from: string, to: string, subject: string): string {
  const sent = faker.date.recent({ days: 30 });
  return `From: ${from}\nSent: ${sent.toUTCString()}\nTo: ${to}\nSubject: ${subject}`;
}

function emailTask(n: number): CorpusPrompt {
  const e = pickEntities();
  const email = faker.helpers.arrayElement(readSections('emails.md'));
  let body = fill(email.body, e);
  if (faker.datatype.boolean({ probability: 0.3 })) body += '\n\nSent from my iPhone';
  if (faker.datatype.boolean({ probability: 0.35 })) body += `\n\n${disclaimer}`;
  if (faker.datatype.boolean({ probability: 0.5 })) {
    const from = `${e.person2} <${faker.internet.email({ provider: e.domain })}>`;
    body = `${emailHeader(from, e.person, `RE: ${email.title}`)}\n\n${body}`;
  }
  const task = faker.helpers.arrayElement(emailTasks);
  const content = faker.datatype.boolean() ? `${task}\n\n${body}` : `${body}\n\n---\n${task}`;
  return {
    id: `chat-${n}`,
    kind: 'chat',
    messages: [...systemMessage(e), { role: 'user', content }],
  };
}

export function buildChatPrompts(count: number): CorpusPrompt[] {
  const builders = [conversation, conversation, shortRequest, emailTask];
  return Array.from({ length: count }, (_, i) => {
    const id = String(i + 1).padStart(3, '0');
    const prompt = faker.helpers.arrayElement(builders)(i + 1);
    return { ...prompt, id: `chat-${id}` };
  });
}
