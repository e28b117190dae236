import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type HttpReceiver, startHttpReceiver } from '../../testing/http-receiver.ts';
import { isBlockedAddress } from './blocked-address.ts';
import { createWebhookSender, type WebhookSender } from './webhook-sender.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from './webhook-signature.ts';

const SECRET = 'whsec_test-secret';
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const REFUSED = /which webhooks may not reach/;

describe('webhooks with the address guard on', () => {
  let canary4: HttpReceiver;
  let canary6: HttpReceiver;
  let redirector: HttpReceiver;
  let sender: WebhookSender;
  const port = (r: HttpReceiver) => new URL(r.url).port;
  const redirectTo = new Map<string, string>();

  before(async () => {
    canary4 = await startHttpReceiver('127.0.0.1');
    canary6 = await startHttpReceiver('::1');
    // Stands in for a public receiver that answers with a redirect inward.
    redirector = await startHttpReceiver('127.0.0.1', (req) => {
      const location = redirectTo.get(req.url);
      return location ? { status: 302, headers: { location } } : undefined;
    });
    const publicPort = Number(port(redirector));
    sender = createWebhookSender({
      allowPrivate: false,
      clock: () => NOW,
      retryDelaysMs: [0, 0],
      // Only the redirector's port counts as public; every other loopback address stays refused.
      isBlocked: (address, p) =>
        !(address === '127.0.0.1' && p === publicPort) && isBlockedAddress(address),
    });
  });
  after(async () => {
    await sender.close();
    for (const r of [canary4, canary6, redirector]) await r.close();
  });

  test('loopback in every spelling is refused before a connection is made', async () => {
    const targets = [
      `http://127.0.0.1:${port(canary4)}/hook`,
      `http://localhost:${port(canary4)}/hook`,
      `http://localhost:${port(canary6)}/hook`,
      `http://[::1]:${port(canary6)}/hook`,
      `http://2130706433:${port(canary4)}/hook`,
      `http://0x7f.0.0.1:${port(canary4)}/hook`,
      `http://127.1:${port(canary4)}/hook`,
      `http://[::ffff:127.0.0.1]:${port(canary4)}/hook`,
      `http://[::ffff:7f00:1]:${port(canary4)}/hook`,
      `https://127.0.0.1:${port(canary4)}/hook`,
    ];
    for (const url of targets) {
      await assert.rejects(sender.send(url, SECRET, { hello: 1 }), REFUSED, url);
    }
    assert.equal(canary4.connections(), 0);
    assert.equal(canary6.connections(), 0);
  });

  test('a redirect to loopback is refused at the next hop; the redirect itself was reached', async () => {
    redirectTo.set('/to-v4', `http://127.0.0.1:${port(canary4)}/hook`);
    redirectTo.set('/to-v6', `http://[::1]:${port(canary6)}/hook`);
    redirectTo.set('/to-name', `http://localhost:${port(canary4)}/hook`);
    for (const path of ['/to-v4', '/to-v6', '/to-name']) {
      await assert.rejects(sender.send(`${redirector.url}${path}`, SECRET, {}), REFUSED, path);
    }
    assert.equal(redirector.requests.length, 3, 'no retries after a refusal');
    assert.equal(canary4.connections(), 0);
    assert.equal(canary6.connections(), 0);
  });

  test('only http and https are sent', async () => {
    await assert.rejects(sender.send('file:///etc/passwd', SECRET, {}), /http or https/);
    await assert.rejects(sender.send('gopher://example.com/', SECRET, {}), /http or https/);
  });
});

describe('webhook delivery (WEBHOOK_ALLOW_PRIVATE=1, receivers on loopback)', () => {
  let receiver: HttpReceiver;
  let sender: WebhookSender;
  before(async () => {
    receiver = await startHttpReceiver();
    sender = createWebhookSender({ allowPrivate: true, clock: () => NOW, retryDelaysMs: [0, 0] });
  });
  after(async () => {
    await sender.close();
    await receiver.close();
  });

  test('a signed JSON POST whose signature verifies with the secret and fails with another', async () => {
    const before = receiver.requests.length;
    await sender.send(`${receiver.url}/hook`, SECRET, { event: 'alert.triggered', value: 12.5 });
    const req = receiver.requests[before];
    assert.ok(req);
    assert.equal(req.method, 'POST');
    assert.equal(req.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(req.body), { event: 'alert.triggered', value: 12.5 });
    assert.equal(req.headers[TIMESTAMP_HEADER], String(NOW / 1000));
    const signature = String(req.headers[SIGNATURE_HEADER]);
    assert.match(signature, new RegExp(`^t=${NOW / 1000},v1=[0-9a-f]{64}$`));
    assert.ok(verifyWebhook(SECRET, signature, req.body));
    assert.ok(!verifyWebhook('whsec_other', signature, req.body));
    assert.ok(!verifyWebhook(SECRET, signature, req.body.replace('12.5', '99')));
  });

  test('5xx and 429 are retried until an answer succeeds; other 4xx are not', async () => {
    const start = receiver.requests.length;
    receiver.answerWith(500, 429);
    await sender.send(`${receiver.url}/retry`, SECRET, {});
    assert.equal(receiver.requests.length - start, 3);

    receiver.answerWith(503, 503, 503);
    await assert.rejects(sender.send(`${receiver.url}/down`, SECRET, {}), /HTTP 503/);
    assert.equal(receiver.requests.length - start, 6, 'one try and two retries');

    receiver.answerWith(404);
    await assert.rejects(sender.send(`${receiver.url}/gone`, SECRET, {}), /HTTP 404/);
    assert.equal(receiver.requests.length - start, 7);
  });
});
