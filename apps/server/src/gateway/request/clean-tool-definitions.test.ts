import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_PII_CONFIG, RedactionSession } from '@tokenwise/pii';
import type { ChatCompletionRequest } from '../types.ts';
import { scanToolDefinitions } from './clean-tool-definitions.ts';

const tool = (description: string) => ({
  type: 'function' as const,
  function: { name: 'lookup', description, parameters: { type: 'object' } },
});

/** One request's scan of its tools, as the PII stage runs it. */
function scan(request: ChatCompletionRequest) {
  const tools = scanToolDefinitions(DEFAULT_PII_CONFIG, request);
  const redacted = new RedactionSession(DEFAULT_PII_CONFIG).redactAll(
    tools.texts,
    new Set(tools.texts.map((_, i) => i)),
  );
  tools.remember(redacted);
  return tools.texts;
}

test('a tool definition found clean is not scanned again; one with data or a placeholder always is', () => {
  const request: ChatCompletionRequest = {
    model: 'openai/gpt-4o-mini',
    messages: [],
    tools: [
      tool('Looks an order up by its id (clean, decision 148).'),
      tool('Mails ada@example.org'),
      tool('Repeats [EMAIL_REDACTED_3] as given'),
    ],
  };
  assert.equal(scan(request).length, 3);
  const again = scan(request);
  assert.equal(again.length, 2, 'the clean one is known');
  assert.ok(again.every((text) => !text.includes('clean, decision 148')));
  // Another config is another scan.
  const strict = { ...DEFAULT_PII_CONFIG, redact_credit_cards: true };
  assert.equal(scanToolDefinitions(strict, request).texts.length, 3);
});
