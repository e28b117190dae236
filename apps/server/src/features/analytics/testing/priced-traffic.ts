import { resolveModel } from '@tokenwise/pricing';
import { encode } from 'gpt-tokenizer/model/gpt-4o';
import type OpenAI from 'openai';
import type { GatewayFixture } from '../../../gateway/tests/gateway-fixture.ts';
import { TEST_TIME_HEADER } from '../../../gateway/wire/test-clock.ts';

/**
 * Traffic through the gateway with the openai SDK, and what each request must show, worked out
 * from the catalog's list prices and the token counts the mock upstream reported: never from the
 * log rows or the server's own cost code.
 */

/** What one request must show on every screen. */
export interface Expected {
  id: string;
  at: number;
  /** The model the row is listed under (without the provider prefix). */
  model: string;
  status: 'success' | 'error';
  cacheHit: boolean;
  tokensIn: number;
  tokensOut: number;
  tokensSaved: number;
  actualCost: number;
  costSaved: number;
  routed: boolean;
}

export interface Ask {
  at: number;
  model: string;
  content: string;
  /** The token counts the provider reports; none for a hit, a failure or `omitUsage`. */
  usage?: { input: number; output: number };
  stream?: boolean;
  /** The provider answers this HTTP status. */
  error?: number;
  /** A stream the provider reports no usage for: the gateway counts it. */
  omitUsage?: boolean;
  /** A cache hit: the request whose answer serves it. */
  servedBy?: Expected;
}

/** A list price from the catalog, per token. */
function price(model: string): { input: number; output: number } {
  const info = resolveModel(model);
  if (!info) throw new Error(`no catalog price for ${model}`);
  return { input: info.inputPerMillion / 1e6, output: info.outputPerMillion / 1e6 };
}
const cost = (model: string, tokensIn: number, tokensOut: number) =>
  tokensIn * price(model).input + tokensOut * price(model).output;
const textTokens = (texts: string[]) => texts.reduce((n, t) => n + encode(t).length, 0);
/** The placeholder the PII stage puts for the one email these tests send. */
const redact = (text: string) => text.replace('jane.doe@example.com', '[EMAIL_REDACTED_1]');
const bare = (model: string) => model.replace(/^\w+\//, '');

/** Sends one chat request as `client` and returns what it must show. */
export async function ask(f: GatewayFixture, client: OpenAI, a: Ask): Promise<Expected> {
  const callsBefore = f.mock.calls.length;
  if (a.error) f.mock.enqueue({ status: a.error, errorMessage: 'from the test' });
  else if (a.usage) f.mock.enqueue({ usage: a.usage });
  else if (a.omitUsage) f.mock.enqueue({ omitStreamUsage: true });
  const headers = { [TEST_TIME_HEADER]: new Date(a.at).toISOString() };
  const messages = [{ role: 'user' as const, content: a.content }];
  let id = '';
  let reply = '';
  let failed = false;
  try {
    if (a.stream) {
      const { data, response } = await client.chat.completions
        .create(
          { model: a.model, messages, stream: true, stream_options: { include_usage: true } },
          { headers },
        )
        .withResponse();
      id = response.headers.get('x-request-id') ?? '';
      for await (const chunk of data) reply += chunk.choices[0]?.delta?.content ?? '';
    } else {
      const { response } = await client.chat.completions
        .create({ model: a.model, messages }, { headers })
        .withResponse();
      id = response.headers.get('x-request-id') ?? '';
    }
  } catch (err) {
    failed = true;
    id = (err as { headers?: Headers }).headers?.get('x-request-id') ?? '';
  }
  if (!id) throw new Error(`no request id for "${a.content}"`);
  const call = f.mock.calls.length > callsBefore ? f.mock.calls.at(-1) : undefined;
  const base = { id, at: a.at, routed: false, tokensIn: 0, tokensOut: 0 };
  if (failed !== Boolean(a.error)) throw new Error(`"${a.content}" failed: ${failed}`);
  if (Boolean(call) === Boolean(a.servedBy)) {
    throw new Error(`"${a.content}" was ${call ? 'not ' : ''}answered from the cache`);
  }
  if (a.error) {
    // A failed call costs and saves nothing.
    const none = { tokensSaved: 0, actualCost: 0, costSaved: 0 };
    return { ...base, ...none, model: bare(a.model), status: 'error', cacheHit: false };
  }
  if (a.servedBy) {
    // A hit saves the call that filled the entry (its prompt before compression, and its answer)
    // at the price of the model this request asked for.
    const filled = a.servedBy;
    const prompt = filled.tokensIn + filled.tokensSaved;
    return {
      ...base,
      model: bare(a.model),
      status: 'success',
      cacheHit: true,
      tokensSaved: prompt + filled.tokensOut,
      actualCost: 0,
      costSaved: cost(a.model, prompt, filled.tokensOut),
    };
  }
  if (!call?.parsed) throw new Error(`"${a.content}" never reached the provider`);
  const answeredBy = `openai/${call.parsed.model}`;
  const sent = (call.body as { messages: { content: string }[] }).messages.map((m) => m.content);
  // Redaction is not a saving: compression is measured on the prompt with its placeholders.
  const saved = textTokens(messages.map((m) => redact(m.content))) - textTokens(sent);
  // Without usage from the provider: OpenAI's documented chat count (3 per message, the role,
  // the text, 3 priming the reply) of what was sent, and the streamed text.
  const usage = a.usage ?? {
    input: sent.reduce((n, text) => n + 3 + encode('user').length + encode(text).length, 3),
    output: encode(reply).length,
  };
  const actual = cost(answeredBy, usage.input, usage.output);
  return {
    ...base,
    model: bare(answeredBy),
    status: 'success',
    cacheHit: false,
    routed: answeredBy !== a.model,
    tokensIn: usage.input,
    tokensOut: usage.output,
    tokensSaved: saved,
    actualCost: actual,
    costSaved: cost(a.model, usage.input + saved, usage.output) - actual,
  };
}

/**
 * Equal, except that dollars (given to a millionth) agree within a few millionths: a sum rounded
 * once and a sum of rounded values differ by up to a millionth per term.
 */
export function agrees(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return Number.isInteger(a) && Number.isInteger(b) ? a === b : Math.abs(a - b) <= 3e-6;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => agrees(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return (
      agrees(ka, kb) &&
      ka.every((k) => agrees((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return Object.is(a, b);
}
