/**
 * An Anthropic caller's thinking (as one word, `askedEffort`) as the `reasoning_effort` this
 * adapter turns into Gemini's `thinkingConfig` (decision 230; `thinking-config.ts`: a budget on
 * 2.5, a level on 3). Only 2.5 and 3 think; older models get none, as for an OpenAI caller.
 * `disabled` is `none` (budget 0 on 2.5 Flash, the least level on 3) except on 2.5 Pro, which
 * cannot stop thinking and would be a 400: there it is its least effort, `minimal`.
 */
export function geminiEffort(model: string, asked: string): string | undefined {
  const name = model.replace(/^models\//, '');
  if (!/^gemini-(?:2\.5|3)/.test(name)) return undefined;
  if (asked === 'none' && /^gemini-2\.5-pro/.test(name)) return 'minimal';
  return asked;
}
