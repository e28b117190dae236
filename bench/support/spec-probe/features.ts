/** Decision 223's probe: Semantic cache, routing and savings figures, evaluations. */
import { check, documented, eq, fields, near } from './checks.ts';
import { type Probe, type Row, sum } from './probe-context.ts';

export async function semanticCache(p: Probe) {
  const { f, a, chat } = p;
  const entries = Array.from({ length: 21 }, (_, i) => ({
    prompt: `Warm prompt ${i} about ${['lakes', 'cats', 'stars', 'trains', 'ferns', 'salt', 'clay'][i % 7]} number ${i * 37}`,
    response: `Answer ${i}`,
  }));
  eq(
    'warm-up of 21 entries',
    (await a.api('POST', '/v1/semantic-cache/warmup', { model: 'openai/gpt-4o-mini', entries }))
      .body.loaded,
    21,
  );
  const page = (await a.api('GET', '/v1/semantic-cache/entries')).body;
  eq('entries: 20 by default of 21', [page.entries.length, page.total], [20, 21]);
  fields('cache entry', page.entries[0], {
    id: 'string',
    prompt_preview: 'string',
    provider: 'string',
    model: 'string',
    tokens_saved: 'number',
    cost_saved: 'number',
  });
  const cleared = await a.api('DELETE', '/v1/semantic-cache/invalidate');
  eq('clear answers a message', [cleared.status, typeof cleared.body.message], [200, 'string']);
  const question = 'What is the boiling point of water at sea level in Celsius?';
  await chat(question, 'use');
  p.now += 1000;
  await chat(question, 'use');
  await f.logs();
  const stats = (await a.api('GET', '/v1/semantic-cache/stats')).body;
  fields('cache stats', stats, {
    hit_rate: 'number',
    total_hits: 'number',
    total_misses: 'number',
  });
  eq(
    'one hit, one miss, hit rate 50%',
    [stats.total_hits, stats.total_misses, stats.hit_rate],
    [1, 1, 50],
  );
  const hit = (await a.api('GET', '/v1/analytics?cache_status=hit')).body.recent_requests;
  eq('the hit is the one cache_status=hit row', [hit.length, hit[0]?.cache_hit], [1, true]);
  const analytics = (await a.api('GET', '/v1/semantic-cache/analytics')).body;
  fields('cache analytics', analytics, {
    total_entries: 'number',
    total_tokens_saved: 'number',
    total_cost_saved: 'number',
    by_provider: 'array',
    by_model: 'array',
  });
  fields('cache analytics by_provider', analytics.by_provider[0], {
    provider: 'string',
    entries: 'number',
    tokens_saved: 'number',
  });
  fields('cache analytics by_model', analytics.by_model[0], {
    model: 'string',
    entries: 'number',
    tokens_saved: 'number',
  });
  eq(
    'cache analytics: 1 entry, saved = the hit row saved',
    [
      analytics.total_entries,
      analytics.total_tokens_saved,
      sum(analytics.by_model, 'tokens_saved'),
    ],
    [1, hit[0]?.saved, hit[0]?.saved],
  );
}

export async function routingAndSavings(p: Probe) {
  const { a } = p;
  const stats = (await a.api('GET', '/v1/routing/stats')).body;
  fields('routing stats', stats, {
    total_requests: 'number',
    routed_requests: 'number',
    routing_rate: 'number',
    cost_saved: 'number',
    difficulty_breakdown: 'object',
  });
  fields('difficulty breakdown', stats.difficulty_breakdown, {
    simple: 'number',
    medium: 'number',
    complex: 'number',
  });
  const { simple, medium, complex } = stats.difficulty_breakdown;
  documented(
    'routing off: every request has a difficulty class',
    simple + medium + complex === stats.total_requests,
    'decision 051',
    `${simple + medium + complex} of ${stats.total_requests} scored (1 in N sampled)`,
  );
  for (const [range, days] of [
    ['7d', 7],
    ['30d', 30],
    ['90d', 90],
  ] as const) {
    const body = (await a.api('GET', `/v1/savings?range=${range}`)).body;
    fields(`savings ${range} summary`, body.summary, {
      total_savings: 'number',
      savings_percentage: 'number',
      total_cost_without_optimization: 'number',
      total_cost_with_optimization: 'number',
      baseline_samples: 'number',
      optimized_samples: 'number',
      tokens_saved: 'number',
    });
    fields(`savings ${range} chart point`, body.chart_data[0], {
      date: 'string',
      baseline_cost: 'number',
      optimized_cost: 'number',
      savings: 'number',
    });
    fields(`savings ${range} projection`, body.projection, {
      daily_avg_cost: 'number',
      daily_avg_savings: 'number',
      monthly_baseline_cost: 'number',
      monthly_projected_cost: 'number',
      monthly_projected_savings: 'number',
    });
    const s = body.summary;
    const p = body.projection;
    check(
      `savings ${range}: a chart point a day (today included)`,
      body.chart_data.length === days + 1,
      String(body.chart_data.length),
    );
    check(
      `savings ${range}: total = without − with`,
      near(s.total_savings, s.total_cost_without_optimization - s.total_cost_with_optimization),
      JSON.stringify(s),
    );
    check(
      `savings ${range}: monthly = daily × 30`,
      near(p.monthly_projected_cost, p.daily_avg_cost * 30, 30e-6) &&
        near(p.monthly_projected_savings, p.daily_avg_savings * 30, 30e-6),
      JSON.stringify(p),
    );
  }
  eq('savings range 24h refused', (await a.api('GET', '/v1/savings?range=24h')).status, 400);
}

export async function evals(p: Probe) {
  const { a } = p;
  const list = (await a.api('GET', '/v1/evals')).body;
  fields('eval', list[0], {
    id: 'string',
    created_at: 'iso',
    model: 'string',
    tokens_used: 'number',
    prompt: 'string',
    response: 'string',
    feedback: 'string|null',
  });
  eq('an unrated eval has feedback null', list[0].feedback, null);
  eq(
    'thumbs up',
    (await a.api('POST', '/v1/evals/feedback', { request_id: list[0].id, feedback: 'positive' }))
      .status,
    200,
  );
  await a.api('POST', '/v1/evals/feedback', {
    request_id: list[1].id,
    feedback: 'negative',
    comment: 'meh',
  });
  const stats = (await a.api('GET', '/v1/evals/stats')).body;
  fields('eval stats', stats, {
    total_evals: 'number',
    thumbs_up: 'number',
    thumbs_down: 'number',
    satisfaction_rate: 'number',
  });
  eq(
    'eval stats after one up, one down',
    [stats.thumbs_up, stats.thumbs_down, stats.satisfaction_rate],
    [1, 1, 50],
  );
  documented(
    'total_evals counts every listed eval',
    stats.total_evals === list.length,
    'evals README',
    `rated ones only: ${stats.total_evals} of ${list.length}`,
  );
  eq(
    'filter positive',
    (await a.api('GET', '/v1/evals?filter=positive')).body.map((e: Row) => e.id),
    [list[0].id],
  );
}
