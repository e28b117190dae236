import type { RequestText } from '../read-request.ts';
import type { DifficultyInput, Signal } from '../types.ts';
import { WEIGHTS } from '../weights.ts';

// A question mark that ends a clause; '(?=' in a regex or '?.' in code is not a question.
const QUESTION_END = /\?(?=\s|$)/g;
// A persona or rule book that makes up most of the prompt, followed by a one-line question: the
// length comes from reusable instructions, not from the task.
const SYSTEM_SHARE = 0.6;
const LONG_SYSTEM_CHARS = 400;
const SHORT_REQUEST_CHARS = 300;
// 'thanks, that works!' at the end of any thread needs no strong model, whatever came before. The
// whole message must be acknowledgement: 'ok, now port it to Java' is a new task.
const ACKNOWLEDGEMENT =
  /^\W*(?:(?:ok(?:ay)?|thanks?|thank you(?: so much| very much)?|thx|ty|cheers|great|perfect|cool|nice|awesome|got it|that works|sounds good|bye(?: for now)?|lol|that was (?:really |very )?helpful)\W*)+$/i;

/** Signals from the structure of the request rather than its wording. */
export function detectRequestShape(input: DifficultyInput, text: RequestText): Signal[] {
  const signals: Signal[] = [];
  const tools = input.tools?.length ?? 0;
  if (tools > 0) {
    signals.push({
      reason: tools === 1 ? '1 tool' : `${tools} tools`,
      weight: Math.min(WEIGHTS.toolsCap, WEIGHTS.tools + WEIGHTS.perExtraTool * (tools - 1)),
      atLeastMedium: true,
    });
  }
  const format = responseFormatType(input.response_format);
  if (format === 'json_schema')
    signals.push({ reason: 'JSON schema output', weight: WEIGHTS.jsonSchema });
  else if (format === 'json_object')
    signals.push({ reason: 'JSON output', weight: WEIGHTS.jsonObject });
  if (text.images > 0) {
    signals.push({
      reason: text.images === 1 ? '1 image' : `${text.images} images`,
      weight: WEIGHTS.images,
    });
  }
  if (text.userTurns > 1) {
    signals.push({
      reason: `${text.userTurns} user turns`,
      weight: Math.min(WEIGHTS.turnsCap, WEIGHTS.perExtraTurn * (text.userTurns - 1)),
    });
  }
  if (
    text.systemChars >= LONG_SYSTEM_CHARS &&
    text.systemChars >= SYSTEM_SHARE * text.all.length &&
    text.lastUser.length <= SHORT_REQUEST_CHARS
  ) {
    signals.push({
      reason: 'short request under a long system prompt',
      weight: WEIGHTS.personaOnly,
    });
  }
  if (ACKNOWLEDGEMENT.test(text.lastUser)) {
    signals.push({ reason: 'only says thanks or ok', weight: WEIGHTS.acknowledgement });
  }
  const questions = text.lastUser.match(QUESTION_END)?.length ?? 0;
  if (questions > 1) {
    signals.push({
      reason: `${questions} questions`,
      weight: Math.min(WEIGHTS.questionsCap, WEIGHTS.perExtraQuestion * (questions - 1)),
    });
  }
  return signals;
}

function responseFormatType(format: unknown): string | null {
  if (!format || typeof format !== 'object') return null;
  const { type } = format as { type?: unknown };
  return typeof type === 'string' ? type : null;
}
