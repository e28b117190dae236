// Regenerates eval/data/compress/prompts.jsonl from the hand-written sources (deterministic: the
// faker seed is fixed). Run: node --import tsx eval/compress/build-corpus.ts
import { writeFileSync } from 'node:fs';
import { faker } from '@faker-js/faker';
import { buildChatPrompts } from './corpus/chat-prompts.ts';
import { buildCodePrompts } from './corpus/code-prompts.ts';
import { buildJsonPrompts } from './corpus/json-prompts.ts';
import { buildRagPrompts } from './corpus/rag-prompts.ts';
import { buildSystemPrompts } from './corpus/system-prompts.ts';

faker.seed(20_240_517);
// Relative dates ("recent") count back from this day, not from today, so reruns are identical.
faker.setDefaultRefDate('2026-11-21T00:00:00Z');
const prompts = [
  ...buildChatPrompts(50),
  ...buildRagPrompts(55),
  ...buildCodePrompts(45),
  ...buildJsonPrompts(45),
  ...buildSystemPrompts(45),
];
const out = new URL('../data/compress/prompts.jsonl', import.meta.url);
writeFileSync(out, `${prompts.map((p) => JSON.stringify(p)).join('\n')}\n`);
console.log(`wrote ${prompts.length} prompts to ${out.pathname}`);
