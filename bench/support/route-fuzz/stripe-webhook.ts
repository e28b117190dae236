import { Writable } from 'node:stream';
import { startStripeStandIn } from '../../../apps/server/src/features/billing/testing/stripe-stand-in.ts';
import {
  PAID_PRICE_ID,
  stripeEnv,
  stripeSignature,
  stripeSubscription,
} from '../../../apps/server/src/features/billing/testing/stripe-webhook-sender.ts';
import { signUp, startTestServer } from '../../../apps/server/src/testing/test-server.ts';
import { FIELD_VALUES } from './input-values.ts';
import { errorMessageOf, sendRaw } from './send.ts';

export interface WebhookFinding {
  input: string;
  status: number;
  body: string;
}

const TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
];

/**
 * POST /v1/billing/webhook with Stripe configured (a stand-in for its API on loopback): unsigned
 * and wrongly signed bodies, then correctly signed events whose envelope or object is malformed,
 * field by field. Stripe retries a 5xx for days, so a malformed event must be a 4xx or ignored.
 */
export async function fuzzStripeWebhook(): Promise<{
  requests: number;
  findings: WebhookFinding[];
}> {
  const standIn = await startStripeStandIn();
  const errorLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) {
        if (line.trim() && JSON.parse(line).level >= 50) errorLines.push(line.slice(0, 300));
      }
      done();
    },
  });
  const server = await startTestServer({
    env: { ...stripeEnv(standIn.url), LOG_LEVEL: 'warn' },
    logStream,
  });
  const findings: WebhookFinding[] = [];
  let requests = 0;
  const post = async (input: string, body: string, signature?: string) => {
    requests += 1;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== undefined) headers['stripe-signature'] = signature;
    const answer = await sendRaw(server.url, {
      method: 'POST',
      path: '/v1/billing/webhook',
      headers,
      body,
    });
    // A checkout naming a subscription Stripe does not know is a 502 by design: the subscription
    // is read back from Stripe, and an unreadable one is left for Stripe's retry.
    const unreadable =
      answer.status === 502 && input.startsWith('checkout.session.completed object.subscription=');
    if (
      (answer.status >= 500 && !unreadable) ||
      (answer.status >= 400 && !errorMessageOf(answer))
    ) {
      if (process.env.ROUTE_FUZZ_TRACE) console.log(`webhook ${answer.status} ${input}`);
      findings.push({ input, status: answer.status, body: answer.body.slice(0, 300) });
    }
  };
  try {
    const { accountId } = await signUp(server);
    const valid = stripeSubscription('sub_fuzz', accountId, 'active');
    // A checkout's subscription is read from Stripe: the stand-in knows it.
    standIn.subscriptions.set('sub_fuzz', valid);
    await post('unsigned', JSON.stringify({ id: 'evt_x' }));
    await post('junk signature', '{}', 't=1,v1=00');
    await post('signature of another body', '{"a":1}', stripeSignature('{"a":2}'));
    let n = 0;
    const signed = (input: string, payload: string) =>
      post(input, payload, stripeSignature(payload));
    for (const body of ['null', '[]', '"str"', '42', '{}', '{"a":', 'x'.repeat(1000)])
      await signed(`signed ${body.slice(0, 10)}`, body);
    const deep = (depth: number) =>
      `{"id":"evt_deep_${depth}","object":"event","type":"customer.subscription.updated","created":${Math.floor(Date.now() / 1000)},"data":{"object":{"id":"sub_deep","deep":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;
    for (const depth of [1_000, 100_000])
      await signed(`signed event nested ${depth} deep`, deep(depth));
    for (const type of TYPES) {
      const event = (object: unknown, over: Record<string, unknown> = {}) =>
        JSON.stringify({
          id: `evt_fuzz_${++n}`,
          object: 'event',
          type,
          created: Math.floor(Date.now() / 1000),
          data: { object },
          ...over,
        });
      for (const [label, value] of FIELD_VALUES) {
        await signed(`${type} object=${label}`, event(value));
        await signed(`${type} created=${label}`, event(valid, { created: value }));
        await signed(`${type} id=${label}`, event(valid, { id: value }));
        for (const field of [
          'id',
          'customer',
          'status',
          'metadata',
          'items',
          'subscription',
          'mode',
          'client_reference_id',
          'trial_end',
          'cancel_at',
        ]) {
          await signed(
            `${type} object.${field}=${label}`,
            event({ ...valid, mode: 'subscription', subscription: 'sub_fuzz', [field]: value }),
          );
        }
        await signed(
          `${type} metadata.account_id=${label}`,
          event({ ...valid, metadata: { account_id: value } }),
        );
        await signed(
          `${type} items.data=${label}`,
          event({ ...valid, items: { object: 'list', data: value } }),
        );
        await signed(
          `${type} period start=${label}`,
          event(stripeSubscription('sub_fuzz', accountId, 'active', { start: value as number })),
        );
        await signed(
          `${type} price=${label}`,
          event({ ...valid, items: { data: [{ price: { id: value ?? PAID_PRICE_ID } }] } }),
        );
      }
    }
  } finally {
    await server.close();
    await standIn.close();
  }
  for (const line of errorLines) findings.push({ input: 'error log line', status: 0, body: line });
  return { requests, findings };
}
