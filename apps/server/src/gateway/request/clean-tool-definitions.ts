import { createHash } from 'node:crypto';
import type { PiiConfig } from '@tokenwise/pii';
import type { ChatCompletionRequest } from '../types.ts';
import { toolDefinitionTexts } from './tool-definition-texts.ts';

/**
 * Tool definitions come with every request of an agent loop, the same each time and tens of
 * kilobytes for a coding agent; scanned every time, they would cost each request milliseconds
 * and send it to the worker thread (over 4 K characters). A definition found to hold nothing to
 * redact under a config is remembered by digest, so the next request does not scan it again
 * (decision 148). One that holds a placeholder-shaped token is never remembered: its numbers must
 * be reserved in each request's session.
 */
const MAX_REMEMBERED = 4_096;
const clean = new Set<string>();

export interface ToolDefinitionScan {
  /** The definitions' texts still to scan, in toolDefinitionTexts' order. */
  texts: string[];
  /** After the scan, given what it made of `texts`: remembers the ones it left as they were. */
  remember(redacted: readonly (string | null | undefined)[]): void;
  /** `take` for withToolDefinitionTexts: a definition known clean goes on as it is. */
  take(take: (text: string) => string): (text: string) => string;
}

export function scanToolDefinitions(
  config: PiiConfig,
  request: ChatCompletionRequest,
): ToolDefinitionScan {
  const known = new Set<string>();
  const texts: string[] = [];
  const keys: (string | undefined)[] = [];
  const definitions = toolDefinitionTexts(request);
  // Most requests offer no tools: the config is written out only for a digest.
  const configKey = definitions.length > 0 ? JSON.stringify(config) : '';
  for (const text of definitions) {
    const key = createHash('sha256').update(configKey).update('\0').update(text).digest('base64');
    if (clean.has(key)) {
      known.add(text);
      continue;
    }
    texts.push(text);
    keys.push(text.includes('_REDACTED_') ? undefined : key);
  }
  return {
    texts,
    remember(redacted) {
      keys.forEach((key, i) => {
        const out = redacted[i];
        if (!key || (out != null && out !== texts[i])) return;
        if (clean.size >= MAX_REMEMBERED) clean.clear();
        clean.add(key);
      });
    },
    take: (take) => (text) => (known.has(text) ? text : take(text)),
  };
}
