import type { ReplyPlan } from '../reply-plan.ts';
import type { ParsedRequest } from '../types.ts';
import { type Dialect, type Json, type MockRefusal, type SseOut, str } from './dialect.ts';
import { COMPLETION_MODEL, openAiDialect } from './openai.ts';

const openai = openAiDialect('openai');

/**
 * OpenAI's legacy text completions (`POST /v1/completions`) as OpenAI speaks it: a `prompt`, an
 * answer of `object: 'text_completion'` with `choices[].text`, `logprobs` as four parallel lists
 * (tokens, token_logprobs, top_logprobs, text_offset), `echo` writing the prompt first; streams
 * of the same objects, a usage-only chunk when asked, then `[DONE]`. A chat model is refused with
 * OpenAI's own 404.
 */
export const openAiCompletionsDialect: Dialect = {
  checkHeaders: openai.checkHeaders,
  parseChat: (body) => parseCompletion(body),

  answer(plan) {
    return {
      id: `cmpl-${plan.id}`,
      object: 'text_completion',
      created: plan.created,
      model: plan.model,
      choices: Array.from({ length: plan.choices }, (_, index) => ({
        text: `${plan.echoPrompt ?? ''}${plan.text}`,
        index,
        logprobs: plan.logprobs ? logprobsOf(pieces(plan)) : null,
        finish_reason: 'stop',
      })),
      usage: usageOf(plan),
      system_fingerprint: 'fp_mock',
    };
  },

  stream(plan) {
    const chunk = (choices: Json[], extra: Json = {}): SseOut => ({
      data: {
        id: `cmpl-${plan.id}`,
        object: 'text_completion',
        created: plan.created,
        model: plan.model,
        choices,
        system_fingerprint: 'fp_mock',
        ...extra,
      },
    });
    const events: SseOut[] = [];
    const all = pieces(plan);
    let offset = 0;
    for (const text of all) {
      for (let index = 0; index < plan.choices; index++) {
        const logprobs = plan.logprobs ? logprobsOf([text], offset) : null;
        events.push(chunk([{ text, index, logprobs, finish_reason: null }]));
      }
      offset += text.length;
    }
    for (let index = 0; index < plan.choices; index++) {
      events.push(chunk([{ text: '', index, logprobs: null, finish_reason: 'stop' }]));
    }
    if (plan.includeUsage && !plan.omitStreamUsage) {
      events.push(chunk([], { usage: usageOf(plan) }));
    }
    events.push({ data: '[DONE]' });
    return events;
  },

  error: openai.error,
};

/** The answer's tokens as the mock splits them: the echoed prompt as one, then the reply's pieces. */
function pieces(plan: ReplyPlan): string[] {
  return [...(plan.echoPrompt ? [plan.echoPrompt] : []), ...plan.pieces];
}

/** Legacy logprobs: a made-up log probability per token, each its own only alternative. */
function logprobsOf(tokens: string[], start = 0) {
  let offset = start;
  const textOffset = tokens.map((token) => {
    const at = offset;
    offset += token.length;
    return at;
  });
  return {
    tokens,
    token_logprobs: tokens.map(() => -0.25),
    top_logprobs: tokens.map((token) => ({ [token]: -0.25 })),
    text_offset: textOffset,
  };
}

function usageOf(plan: ReplyPlan) {
  const { input, output } = plan.usage;
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
}

function parseCompletion(body: Json): ParsedRequest | MockRefusal {
  const model = str(body.model);
  if (!model) return { status: 400, message: 'you must provide a model parameter', param: 'model' };
  if (!COMPLETION_MODEL.test(model)) {
    return {
      status: 404,
      message:
        'This is a chat model and not supported in the v1/completions endpoint. Did you mean to use v1/chat/completions?',
      param: 'model',
    };
  }
  if (body.messages !== undefined) {
    return {
      status: 400,
      message: 'Unrecognized request argument supplied: messages',
      param: 'messages',
    };
  }
  const prompts = [body.prompt ?? '<|endoftext|>'].flat();
  if (prompts.length !== 1 || typeof prompts[0] !== 'string') {
    return { status: 400, message: 'The mock takes one text prompt', param: 'prompt' };
  }
  const prompt = prompts[0];
  const streamOptions = body.stream_options as Json | undefined;
  const n = typeof body.n === 'number' ? body.n : 1;
  return {
    model,
    stream: body.stream === true,
    includeUsage: streamOptions?.include_usage === true,
    ...(n > 1 ? { n } : {}),
    ...(typeof body.logprobs === 'number' ? { logprobs: true } : {}),
    ...(body.echo === true ? { echoPrompt: prompt } : {}),
    lastUserText: prompt,
    allText: prompt,
    images: [],
    toolNames: [],
    system: '',
  };
}
