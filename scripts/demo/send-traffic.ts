// Sends the planned requests through the gateway with the official SDKs, a few at a time, each
// back-dated by the test-clock header, and queues the planned upstream faults at the mock; then,
// once they are logged, votes on some answers through the feedback endpoint with the gateway key,
// as an application would.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { PIN_MODEL_HEADER } from '../../apps/server/src/gateway/wire/control-headers.ts';
import { TEST_TIME_HEADER } from '../../apps/server/src/gateway/wire/test-clock.ts';
import type { MockUpstream } from '../../apps/server/src/mock-upstream/types.ts';
import { callApi } from '../../bench/support/gateway-stack.ts';
import type { PlannedRequest } from './traffic-plan.ts';

export interface TrafficTally {
  sent: number;
  answered: number;
  failed: number;
  cacheHits: number;
  /** Votes to send once the answers are logged (a vote on an unlogged request is a 404). */
  votes: { requestId: string; feedback: 'positive' | 'negative' }[];
}

interface Sent {
  requestId: string | null;
  cacheHit: boolean;
}

export async function sendTraffic(opts: {
  url: string;
  gatewayKey: string;
  mock: MockUpstream;
  plan: PlannedRequest[];
  concurrency: number;
  onProgress?: (done: number) => void;
}): Promise<TrafficTally> {
  const { url, gatewayKey, mock, plan } = opts;
  const openai = new OpenAI({ apiKey: gatewayKey, baseURL: `${url}/v1`, maxRetries: 0 });
  const anthropic = new Anthropic({ apiKey: gatewayKey, baseURL: url, maxRetries: 0 });
  const tally: TrafficTally = { sent: 0, answered: 0, failed: 0, cacheHits: 0, votes: [] };
  let next = 0;
  let done = 0;

  const sendOne = async (r: PlannedRequest) => {
    for (const fault of r.faults) mock.enqueue(fault, r.provider);
    tally.sent += 1;
    try {
      const sent =
        r.sdk === 'anthropic' ? await viaAnthropic(anthropic, r) : await viaOpenAi(openai, r);
      tally.answered += 1;
      if (sent.cacheHit) tally.cacheHits += 1;
      if (r.feedback && sent.requestId)
        tally.votes.push({ requestId: sent.requestId, feedback: r.feedback });
    } catch (err) {
      // Upstream faults come back as the SDKs' API errors; anything else is a real problem.
      if (!(err instanceof OpenAI.APIError) && !(err instanceof Anthropic.APIError)) throw err;
      tally.failed += 1;
    }
    done += 1;
    opts.onProgress?.(done);
  };

  const worker = async () => {
    while (next < plan.length) {
      const r = plan[next++];
      if (r) await sendOne(r);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return tally;
}

export async function sendVotes(
  url: string,
  gatewayKey: string,
  votes: TrafficTally['votes'],
): Promise<void> {
  for (const vote of votes) {
    const body = { request_id: vote.requestId, feedback: vote.feedback };
    await callApi(`${url}/v1/evals/feedback`, 'POST', body, gatewayKey);
  }
}

/**
 * A request planned to fail keeps the model it names: routed to a cheaper one, its queued fault
 * would be answered again by the named model (decision 103's fallback) and the demo would show no
 * upstream error.
 */
const headersOf = (r: PlannedRequest) => ({
  headers: {
    [TEST_TIME_HEADER]: String(r.at),
    ...(r.faults.length > 0 ? { [PIN_MODEL_HEADER]: 'true' } : {}),
  },
});

async function viaOpenAi(client: OpenAI, r: PlannedRequest): Promise<Sent> {
  const { data, response } = await client.chat.completions
    .create({ model: r.model, messages: r.messages, stream: r.stream }, headersOf(r))
    .withResponse();
  // A stream's errors arrive while it is read; reading it to the end is what a caller does.
  if (Symbol.asyncIterator in data) for await (const _ of data);
  return sent(response);
}

async function viaAnthropic(client: Anthropic, r: PlannedRequest): Promise<Sent> {
  const messages = r.messages.map((m) => ({
    role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const),
    content: m.content,
  }));
  const model = r.model.slice(r.model.indexOf('/') + 1);
  const { data, response } = await client.messages
    .create({ model, max_tokens: 512, messages, stream: r.stream }, headersOf(r))
    .withResponse();
  if (Symbol.asyncIterator in data) for await (const _ of data);
  return sent(response);
}

function sent(response: Response): Sent {
  return {
    requestId: response.headers.get('x-request-id'),
    cacheHit: response.headers.get('x-cache') === 'HIT',
  };
}
