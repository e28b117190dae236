import { ENDPOINT_LIST } from '@tokenwise/contracts';
import { signUp } from '../../../apps/server/src/testing/test-server.ts';
import { type Case, casesFor, type Target, wrongMethodCases } from './inputs.ts';
import { errorMessageOf, type RawAnswer, sendRaw } from './send.ts';
import { startWorld, type World } from './setup.ts';
import { lostData, snapshot } from './snapshot.ts';
import { fuzzStripeWebhook } from './stripe-webhook.ts';
import { otherAccountParam, validBody, validParam } from './valid-inputs.ts';

const GATEWAY = new Set([
  '/v1/chat/completions',
  '/v1/completions',
  '/v1/responses',
  '/v1/messages',
  '/v1/messages/count_tokens',
  '/v1/models',
  '/v1/models/:model',
  '/v1/embeddings',
]);
/** Each call of these ends or changes its session: each gets a new user's. */
const OWN_SESSION = new Set([
  'POST /v1/auth/logout',
  'POST /v1/auth/change-password',
  'PUT /v1/auth/active-account',
]);
/** Routes a caller reaches without credentials. */
const PUBLIC =
  /^\/(healthz|readyz|index\.html)|^\/v1\/auth\/(signup|login|forgot-password|reset-password)$|^\/v1\/saml\/(discover|session|:accountId)|^\/v1\/billing\/webhook$/;
/** Answers that are not JSON when they succeed (files, XML, redirects). */
const NOT_JSON = /^\/index\.html$|export|\/metadata$|\/login$|\/sls$|\/acs$|^\/healthz|^\/readyz/;

/** Answers the oracle calls wrong that are so by decision: printed as DOC lines, not findings. */
const INTENDED: { route: string; input: RegExp; why: string }[] = [
  {
    route: 'POST /v1/evals/feedback',
    input: /^credential the other kind$/,
    why: 'an application votes with the gateway key it sends its requests with',
  },
  {
    route: 'POST /v1/saml/:accountId/acs',
    input: /^param /,
    why: 'the IdP posted the browser here: it goes back to the sign-in screen with the reason (303)',
  },
  {
    route: 'PUT /v1/alerts/:id',
    input: /^(body JSON \{\}|field \w+: missing)$/,
    why: 'fields left out keep their stored values (decision 098)',
  },
];

interface Finding {
  route: string;
  input: string;
  status: number;
  why: string;
  body: string;
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
}

function targetFor(w: World, method: string, url: string): Target {
  const contract = ENDPOINT_LIST.find(
    (e) => e.endpoint.method === method && e.endpoint.path === url,
  )?.endpoint;
  const params: Record<string, string> = {};
  const otherAccountParams: Record<string, string> = {};
  for (const name of paramNames(url)) {
    params[name] = validParam(url, name, w.ids);
    const other = otherAccountParam(url, name, w.ids);
    if (other) otherAccountParams[name] = other;
  }
  const credential: Record<string, string> = GATEWAY.has(url)
    ? url.startsWith('/v1/messages')
      ? { 'x-api-key': w.gatewayKey, 'anthropic-version': '2023-06-01' }
      : { authorization: `Bearer ${w.gatewayKey}` }
    : { authorization: `Bearer ${url.startsWith('/v1/admin/') ? w.superadmin : w.owner}` };
  const querySchema = contract?.query;
  const shape =
    (querySchema as { shape?: Record<string, unknown> } | undefined)?.shape ??
    (querySchema as { def?: { in?: { shape?: Record<string, unknown> } } } | undefined)?.def?.in
      ?.shape;
  const body = validBody(method, url, w.ids);
  return {
    method,
    url,
    params,
    credential,
    ...(body ? { body } : {}),
    ...(contract?.body ? { bodySchema: contract.body } : {}),
    ...(querySchema ? { querySchema } : {}),
    queryKeys: Object.keys(shape ?? {}),
    otherAccountParams,
    freeParams: ['model', 'pattern'],
  };
}

/** What is wrong with an answer to a malformed input, or undefined. */
function verdict(c: Case, url: string, answer: RawAnswer): string | undefined {
  if (answer.status >= 500) return '5xx';
  if (answer.status >= 400 && c.method !== 'HEAD' && !errorMessageOf(answer))
    return '4xx without a JSON message';
  if (answer.status < 400 && c.mustRefuse)
    return `${answer.status} where the input must be refused`;
  if (
    answer.status < 300 &&
    c.method !== 'HEAD' &&
    !NOT_JSON.test(url) &&
    !answer.contentType.includes('json')
  )
    return 'success answer not JSON';
  return undefined;
}

export async function runFuzz(only: string | undefined, refusedHosts: string[]): Promise<boolean> {
  const w = await startWorld();
  const findings: Finding[] = [];
  const counts = {
    routes: 0,
    requests: 0,
    byKind: {} as Record<string, number>,
    statuses: {} as Record<number, number>,
  };
  try {
    const before = await snapshot(w);
    const table = w.server.routes.filter(
      (r) => !r.url.startsWith('/assets/') && (!only || r.url.includes(only)),
    );
    const byReqId = new Map<string, string>();
    const methodsByUrl = new Map<string, Set<string>>();
    for (const r of table)
      methodsByUrl.set(r.url, (methodsByUrl.get(r.url) ?? new Set()).add(r.method));

    const run = async (route: string, url: string, c: Case) => {
      if (OWN_SESSION.has(route) && c.headers.authorization === `Bearer ${w.owner}`) {
        c.headers.authorization = `Bearer ${(await signUp(w.server)).token}`;
      }
      let answer: RawAnswer;
      try {
        answer = await sendRaw(w.server.url, c);
      } catch (e) {
        findings.push({
          route,
          input: `${c.kind} ${c.name}`,
          status: 0,
          why: `no answer: ${(e as Error).message}`,
          body: '',
        });
        return;
      }
      counts.requests += 1;
      counts.byKind[c.kind] = (counts.byKind[c.kind] ?? 0) + 1;
      counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
      byReqId.set(answer.requestId, `${route} ${c.kind} ${c.name}`);
      if (process.env.ROUTE_FUZZ_TRACE)
        console.log(`${answer.status} ${c.method} ${c.path.slice(0, 120)} ${c.kind} ${c.name}`);
      const why = verdict(c, url, answer);
      if (why)
        findings.push({
          route,
          input: `${c.kind} ${c.name}`,
          status: answer.status,
          why,
          body: answer.body.slice(0, 300),
        });
    };

    for (const r of table) {
      counts.routes += 1;
      const t = targetFor(w, r.method, r.url);
      const route = `${r.method} ${r.url}`;
      const cases =
        r.method === 'HEAD'
          ? casesFor({ ...t, method: 'GET' })
              .filter((c) => c.kind === 'param')
              .map((c) => ({ ...c, method: 'HEAD' }))
          : casesFor(t);
      for (const c of cases) await run(route, r.url, c);
      // Without credentials, and with the other kind (a session on the gateway, a key on the dashboard).
      if (r.method !== 'HEAD') {
        const path = r.url.replace(/:([A-Za-z_]+)/g, (_m, n: string) => t.params[n] ?? n);
        const body = t.body ? JSON.stringify(t.body) : undefined;
        const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
        const wrong: Record<string, string> = GATEWAY.has(r.url)
          ? { authorization: `Bearer ${w.owner}` }
          : { authorization: `Bearer ${w.gatewayKey}` };
        for (const [name, credential] of [
          ['none', {}],
          ['the other kind', wrong],
        ] as const) {
          await run(route, r.url, {
            kind: 'credential',
            name,
            method: r.method,
            path,
            headers: { ...headers, ...credential },
            ...(body ? { body } : {}),
            mustRefuse: !PUBLIC.test(r.url),
          });
        }
      }
    }
    for (const [url, methods] of methodsByUrl) {
      const t = targetFor(w, [...methods][0] as string, url);
      const path = url.replace(/:([A-Za-z_]+)/g, (_m, n: string) => t.params[n] ?? n);
      for (const c of wrongMethodCases(path, methods, t.credential))
        await run(`${c.method} ${url}`, url, c);
    }

    if (!only || '/v1/billing/webhook'.includes(only)) {
      const stripe = await fuzzStripeWebhook();
      counts.requests += stripe.requests;
      counts.byKind.stripe = stripe.requests;
      for (const f of stripe.findings)
        findings.push({
          route: 'POST /v1/billing/webhook (Stripe on)',
          input: f.input,
          status: f.status,
          why: f.status >= 500 ? '5xx' : '4xx without a JSON message',
          body: f.body,
        });
    }
    await w.server.deps.jobs.drain();
    const after = await snapshot(w);
    const lost = lostData(before, after);
    const errors = w.logs.filter((l) => l.level >= 50);
    const healthz = await fetch(`${w.server.url}/healthz`);

    console.log(
      `route-fuzz: ${counts.routes} routes (${methodsByUrl.size} paths), ${counts.requests} requests; by kind ${JSON.stringify(counts.byKind)}; statuses ${JSON.stringify(counts.statuses)}`,
    );
    const grouped = new Map<string, Finding[]>();
    const documented = new Map<string, number>();
    for (const f of findings) {
      const intended = INTENDED.find(
        (i) => i.route === f.route && i.input.test(f.input) && f.status < 500,
      );
      if (intended) {
        documented.set(
          `${f.route}: ${intended.why}`,
          (documented.get(`${f.route}: ${intended.why}`) ?? 0) + 1,
        );
        continue;
      }
      const key = `${f.route} | ${f.why} | ${f.status}`;
      grouped.set(key, [...(grouped.get(key) ?? []), f]);
    }
    for (const [key, list] of grouped) {
      console.log(
        `FINDING ${key} ×${list.length}: ${list
          .slice(0, 4)
          .map((f) => f.input)
          .join('; ')}\n    ${list[0]?.body}`,
      );
    }
    for (const [what, n] of documented) console.log(`DOC ${what} ×${n}`);
    for (const l of errors)
      console.log(
        `LOG ${l.level} ${l.msg} ${l.err?.message ?? ''} ← ${byReqId.get(l.reqId ?? '') ?? l.reqId}`,
      );
    for (const l of lost) console.log(`LOST ${l}`);
    if (refusedHosts.length)
      console.log(`EGRESS refused: ${[...new Set(refusedHosts)].join(', ')}`);
    if (healthz.status !== 200) console.log(`UNHEALTHY afterwards: /healthz ${healthz.status}`);
    const real = [...grouped.values()].reduce((n, list) => n + list.length, 0);
    console.log(
      `route-fuzz: ${real} findings in ${grouped.size} groups, ${errors.length} error log lines, ${lost.length} lost`,
    );
    return real + errors.length + lost.length + refusedHosts.length > 0 || healthz.status !== 200;
  } finally {
    await w.close();
  }
}
