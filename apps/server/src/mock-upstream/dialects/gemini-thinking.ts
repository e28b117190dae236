import type { Json, MockRefusal } from './dialect.ts';

/**
 * The thinking configs Gemini refuses, as its docs state them (ai.google.dev/gemini-api/docs/
 * thinking): a budget and a level together; a level before Gemini 3; a level the model lacks
 * (Gemini 3 Pro: low and high; 3 Flash also minimal and medium); a budget outside the model's range
 * (2.5 Pro 128–32768 and never 0, it only thinks; 2.5 Flash 0–24576; 2.5 Flash-Lite 0 or
 * 512–24576; -1 is dynamic); any thinking config to a model that does not think (1.5, 2.0).
 */
export function checkGeminiThinking(model: string, body: Json): MockRefusal | undefined {
  const config = (body.generationConfig as Json | undefined)?.thinkingConfig as Json | undefined;
  if (!config) return undefined;
  const refuse = (message: string): MockRefusal => ({ status: 400, message });
  const { thinkingBudget: budget, thinkingLevel: level } = config;
  if (budget !== undefined && level !== undefined)
    return refuse('thinking_budget and thinking_level are not supported together.');
  if (/^gemini-3/.test(model)) {
    const levels = /flash/.test(model) ? ['minimal', 'low', 'medium', 'high'] : ['low', 'high'];
    if (level !== undefined && !levels.includes(String(level).toLowerCase()))
      return refuse(`Thinking level ${String(level)} is not supported for this model.`);
    return undefined;
  }
  if (!/^gemini-2\.5/.test(model)) return refuse('Thinking is not supported for this model.');
  if (level !== undefined) return refuse('Thinking level is not supported for this model.');
  if (typeof budget !== 'number' || budget === -1) return undefined;
  const [least, most] = /^gemini-2\.5-pro/.test(model)
    ? [128, 32768]
    : /flash-lite/.test(model)
      ? [512, 24576]
      : [1, 24576];
  if (budget === 0 && least === 128)
    return refuse('Budget 0 is invalid. This model only works in thinking mode.');
  if (budget !== 0 && (budget < least || budget > most))
    return refuse(
      `The thinking budget ${budget} is invalid. Please choose a value between ${least} and ${most}.`,
    );
  return undefined;
}
