import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { type GatewayFixture, startGatewayFixture } from '../gateway/tests/gateway-fixture.ts';
import { signUpSubscribed } from '../testing/test-server.ts';
import { contentType, controlHeaders, credentialHeader, headerText } from './arbitraries.ts';
import { wireBody } from './body-arbitraries.ts';
import { isValidControl } from './control-oracle.ts';
import {
  CHAT_BODY,
  DASHBOARD_READS,
  dashboardWrite,
  GATEWAY_ROUTES,
  MESSAGES_BODY,
} from './targets.ts';

// FUZZ_SEED=<n> replays a run (FUZZ_SEED=random picks a new one); fast-check prints the seed and the shrunk input of any failure.
// FUZZ_SCALE=<k> multiplies the run counts, which stay modest by default to keep the suite quick.
// In npm test the seed is fixed, so a red run is this change's doing and replays the same way;
// FUZZ_SEED=random explores new inputs (run it with FUZZ_SCALE when hunting).
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? undefined
    : process.env.FUZZ_SEED
      ? Number(process.env.FUZZ_SEED)
      : 20261125;
const SCALE = Number(process.env.FUZZ_SCALE ?? 1) || 1;
const DEADLINE = { timeout: 120_000 * SCALE };
const JSON_TYPE = { 'content-type': 'application/json' };

interface Answer {
  status: number;
  body: string;
}

interface Figures {
  requests: number;
  fiveXx: number;
  statuses: Record<number, number>;
}

/**
 * Malformed credentials, bodies and control headers against the gateway and dashboard routes:
 * every answer is a 4xx (or a 2xx for valid input), never a 5xx, and the server stays healthy.
 */
describe('fuzzing HTTP inputs: never a 5xx', () => {
  let f: GatewayFixture;
  let session: string;
  const figures = new Map<string, Figures>();

  before(async () => {
    f = await startGatewayFixture();
    // Dashboard writes go to another account, so they cannot change the gateway account.
    session = (await signUpSubscribed(f.server)).token;
  });
  after(async () => {
    console.log(`fuzz figures: ${JSON.stringify(Object.fromEntries(figures))}`);
    await f.close();
  });

  async function send(
    property: string,
    request: { method: string; path: string; headers: Record<string, string | undefined> },
    body?: string,
  ): Promise<Answer> {
    const headers = Object.entries(request.headers).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    const res = await fetch(`${f.server.url}${request.path}`, {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const answer = { status: res.status, body: await res.text() };
    const counts = figures.get(property) ?? { requests: 0, fiveXx: 0, statuses: {} };
    counts.requests += 1;
    counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
    if (answer.status >= 500) counts.fiveXx += 1;
    figures.set(property, counts);
    return answer;
  }

  const run = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, check: (v: T) => Promise<void>) =>
    fc.assert(fc.asyncProperty(arbitrary, check), {
      numRuns: Math.round(numRuns * SCALE),
      ...(SEED === undefined ? {} : { seed: SEED }),
    });

  /** An error answer in the caller's own format: Anthropic's on /v1/messages, else OpenAI's. */
  function assertCallerShape(path: string, answer: Answer): void {
    const body = JSON.parse(answer.body);
    if (path.startsWith('/v1/messages')) assert.equal(body.type, 'error', answer.body);
    assert.equal(typeof body.error.message, 'string', answer.body);
  }

  test(
    'gateway: malformed bearer tokens and API keys are 401s; the valid key works',
    DEADLINE,
    async () => {
      const input = fc.tuple(fc.constantFrom(...GATEWAY_ROUTES), credentialHeader(f.gatewayKey));
      await run(input, 120, async ([route, credential]) => {
        const headers = { ...JSON_TYPE, [route.keyHeader]: credential };
        const answer = await send('gateway credentials', { ...route, headers }, route.body);
        assert.ok(answer.status < 500, `${answer.status} ${answer.body}`);
        const valid = route.keyHeader === 'x-api-key' ? f.gatewayKey : `Bearer ${f.gatewayKey}`;
        if (credential === valid) assert.equal(answer.status, 200, answer.body);
        else {
          assert.equal(answer.status, 401, answer.body);
          assertCallerShape(route.path, answer);
        }
      });
    },
  );

  test(
    'dashboard: malformed session tokens and account ids are 4xx; the valid token works',
    DEADLINE,
    async () => {
      const input = fc.tuple(
        fc.constantFrom(...DASHBOARD_READS),
        credentialHeader(session),
        fc.option(headerText(40), { nil: undefined }),
      );
      await run(input, 80, async ([path, credential, accountId]) => {
        const headers = { authorization: credential, 'x-account-id': accountId };
        const answer = await send('dashboard credentials', { method: 'GET', path, headers });
        assert.ok(answer.status < 500, `${answer.status} ${answer.body}`);
        if (credential === `Bearer ${session}`) assert.equal(answer.status, 200, answer.body);
        else assert.ok(answer.status >= 400, answer.body);
      });
    },
  );

  test('gateway: bodies of any shape and content type are 4xx or answered', DEADLINE, async () => {
    const paths = [
      '/v1/chat/completions',
      '/v1/completions',
      '/v1/responses',
      '/v1/messages',
      '/v1/messages/count_tokens',
      '/v1/embeddings',
    ];
    const input = fc.tuple(fc.constantFrom(...paths), wireBody, contentType);
    await run(input, 150, async ([path, body, type]) => {
      const headers = { authorization: `Bearer ${f.gatewayKey}`, 'content-type': type };
      const answer = await send('gateway bodies', { method: 'POST', path, headers }, body);
      assert.ok(answer.status < 500, `${answer.status} ${answer.body}`);
      if (answer.status >= 400) assertCallerShape(path, answer);
    });
  });

  test(
    'dashboard: bodies with broken fields, or of any shape, are 4xx or accepted',
    DEADLINE,
    async () => {
      await run(dashboardWrite, 100, async ({ method, path, body }) => {
        const headers = { ...JSON_TYPE, authorization: `Bearer ${session}` };
        const answer = await send('dashboard bodies', { method, path, headers }, body);
        assert.ok(
          answer.status < 500,
          `${method} ${path} ${body} → ${answer.status} ${answer.body}`,
        );
      });
    },
  );

  test(
    'control headers: a valid set is answered, any bad value is a 400 naming its header',
    DEADLINE,
    async () => {
      const routes = [
        { path: '/v1/chat/completions', body: CHAT_BODY },
        { path: '/v1/messages', body: MESSAGES_BODY },
      ];
      await run(
        fc.tuple(fc.constantFrom(...routes), controlHeaders),
        120,
        async ([route, controls]) => {
          const headers = { ...JSON_TYPE, authorization: `Bearer ${f.gatewayKey}`, ...controls };
          const answer = await send(
            'control headers',
            { method: 'POST', path: route.path, headers },
            route.body,
          );
          const bad = Object.entries(controls).filter(
            ([name, value]) => !isValidControl(name, value),
          );
          assert.equal(
            answer.status,
            bad.length ? 400 : 200,
            `${JSON.stringify(controls)} → ${answer.body}`,
          );
          if (bad.length) {
            assertCallerShape(route.path, answer);
            assert.ok(
              bad.some(([name]) => answer.body.includes(name)),
              answer.body,
            );
          }
        },
      );
    },
  );

  test('afterwards the server is healthy and answers valid requests', DEADLINE, async () => {
    assert.equal((await fetch(`${f.server.url}/healthz`)).status, 200);
    const answer = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'still standing?' }],
    });
    assert.match(answer.choices[0]?.message.content ?? '', /still standing/);
    const me = await fetch(`${f.server.url}/v1/auth/me`, {
      headers: { authorization: `Bearer ${session}` },
    });
    assert.equal(me.status, 200);
  });
});
