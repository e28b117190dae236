import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInCall {
  method: string;
  path: string;
  /** The form-encoded body as Stripe's SDK sends it (`subscription_data[trial_period_days]`). */
  form: URLSearchParams;
}

export interface StripeStandIn {
  url: string;
  calls: StandInCall[];
  /** The subscriptions GET /v1/subscriptions/:id answers, by id. */
  subscriptions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * The few Stripe API calls billing makes, on loopback: checkout sessions, portal sessions and
 * reading a subscription. Answers carry only the fields the server reads.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: StandInCall[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let sessions = 0;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    calls.push({ method: req.method ?? '', path, form });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      sessions += 1;
      const id = `cs_test_${sessions}`;
      return send(200, {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/${id}`,
      });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer');
      return send(200, {
        id: 'bps_test_1',
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/p/${customer}`,
      });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && sub?.[1] && subscriptions.has(sub[1])) {
      return send(200, subscriptions.get(sub[1]));
    }
    // Canceling one Stripe still bills: it ends now.
    const open = sub?.[1] ? subscriptions.get(sub[1]) : undefined;
    if (req.method === 'DELETE' && sub?.[1] && open) {
      const canceled = { ...open, status: 'canceled' };
      subscriptions.set(sub[1], canceled);
      return send(200, canceled);
    }
    if (req.method === 'DELETE' && sub) {
      return send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such subscription: '${sub[1]}'`,
        },
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: `No such route ${path}` } });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    subscriptions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
