import { nearestEffort } from '../shared/thinking-effort.ts';

/**
 * An Anthropic caller's thinking (as one word, `askedEffort`) as Groq's `reasoning_effort`, on the
 * lines that take it, each with its own values (console.groq.com/docs/reasoning; decisions 129,
 * 230): gpt-oss low, medium or high (the nearest; `disabled` its least, low); Qwen 3 `none` for
 * disabled, else `default` (it reasons or not, no levels). Other models refuse the field: none.
 * `reasoning_format` is left to Groq's default: the adapter reads no reasoning field back.
 */
export function groqEffort(model: string, asked: string): string | undefined {
  if (/^openai\/gpt-oss/.test(model)) return nearestEffort(asked, ['low', 'medium', 'high']);
  if (/^qwen\/qwen3/.test(model)) return asked === 'none' ? 'none' : 'default';
  return undefined;
}
