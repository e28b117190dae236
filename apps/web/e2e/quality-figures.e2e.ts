import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, saveArtifact, startE2e } from './harness.ts';

// The repository's own eval result files, as the server reads them: the screens must show these
// measured figures, whatever the last eval run wrote.
const RESULTS = new URL('../../../eval/results/', import.meta.url);
const readResult = (name: string) => {
  const url = new URL(name, RESULTS);
  const json = JSON.parse(readFileSync(url, 'utf8'));
  return { json, measuredAt: new Date(json.generatedAt ?? statSync(url).mtime) };
};
const share = (value: number) => `${(value * 100).toFixed(1)}%`;
const day = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    date,
  );

interface Row {
  threshold: number;
  recall: number;
  falseHitShare: number;
}
const nearest = (rows: Row[], wanted: number) =>
  rows.reduce((best, row) => {
    const d = Math.abs(row.threshold - wanted) - Math.abs(best.threshold - wanted);
    return d < -1e-9 || (Math.abs(d) <= 1e-9 && row.threshold > best.threshold) ? row : best;
  });

/** The text of the quality table's row that starts with `label`, once it shows `expected`. */
async function rowShows(page: Page, testId: string, label: string, expected: string[]) {
  const row = page.getByTestId(testId).filter({ hasText: label });
  for (const text of expected) await row.getByText(text, { exact: true }).first().waitFor();
}

describe('measured quality on /semantic-cache and /optimization', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  async function signedIn(path: string) {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto(path);
    return { page, user };
  }

  test('the cache screen shows recall and wrong hits of both halves at the account’s threshold', async () => {
    const { json, measuredAt } = readResult('cache-independent.json');
    const { page } = await signedIn('/semantic-cache');
    const panel = page.getByTestId('cache-quality');
    await panel.getByText('Measured on the independent pair set', { exact: false }).waitFor();
    const at = (wanted: number) => ({
      heldout: nearest(json.thresholds.heldout, wanted),
      heldout2: json.thresholds.heldout2 && nearest(json.thresholds.heldout2, wanted),
      heldout3: json.thresholds.heldout3 && nearest(json.thresholds.heldout3, wanted),
      tune3: json.thresholds.tune3 && nearest(json.thresholds.tune3, wanted),
      heldout4: json.thresholds.heldout4 && nearest(json.thresholds.heldout4, wanted),
      tune4: json.thresholds.tune4 && nearest(json.thresholds.tune4, wanted),
      heldout5: json.thresholds.heldout5 && nearest(json.thresholds.heldout5, wanted),
      tune5: json.thresholds.tune5 && nearest(json.thresholds.tune5, wanted),
      tune: nearest(json.thresholds.tune, wanted),
    });

    const strict = at(0.95);
    // Every row the result file has a half for (older files lack the later sets).
    const rows: [string, Row | undefined][] = [
      ['Held-out half', strict.heldout],
      ['Second held-out set', strict.heldout2],
      ['Tuning half', strict.tune],
      ['Third set: frozen half', strict.heldout3],
      ['Third set: half tuned on', strict.tune3],
      ['Fourth set: frozen part', strict.heldout4],
      ['Fourth set: part tuned on', strict.tune4],
      ['Fifth set: frozen part', strict.heldout5],
      ['Fifth set: part tuned on', strict.tune5],
    ];
    for (const [label, row] of rows) {
      if (row)
        await rowShows(page, 'cache-quality-row', label, [
          share(row.recall),
          share(row.falseHitShare),
        ]);
    }
    await page.getByTestId('eval-run').getByText(day(measuredAt), { exact: false }).waitFor();
    await page.getByText('npm run eval:cache:independent').first().waitFor();

    // A looser threshold, saved: the figures follow to the measured threshold nearest it.
    const slider = page.getByRole('slider', { name: 'Similarity threshold' });
    for (let i = 0; i < 9; i += 1) await slider.press('ArrowLeft');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Cache configuration saved').waitFor();
    const loose = at(0.86);
    await panel
      .getByText(`threshold ${loose.heldout.threshold.toFixed(2)}`, { exact: false })
      .waitFor();
    await rowShows(page, 'cache-quality-row', 'Held-out half', [
      share(loose.heldout.recall),
      share(loose.heldout.falseHitShare),
    ]);
    await saveArtifact(page, 'semantic-cache-quality');
  });

  test('the optimization screen shows reduction and answers kept per level, with the eval date', async () => {
    const { json, measuredAt } = readResult('compress.json');
    const { page, user } = await signedIn('/optimization');
    await page.getByTestId('optimization-quality').waitFor();
    for (const [level, title] of [
      ['conservative', 'Conservative'],
      ['balanced', 'Balanced'],
      ['aggressive', 'Aggressive'],
    ] as const) {
      await rowShows(page, 'level-quality-row', title, [
        share(json.levels[level].reduction.tokenWeighted),
        share(json.answers[level].kept),
      ]);
    }
    // Broken phrases per level (decision 042), beside the fidelity figures; "not measured" when
    // the result file predates the count.
    for (const [level, title] of [
      ['conservative', 'Conservative'],
      ['balanced', 'Balanced'],
      ['aggressive', 'Aggressive'],
    ] as const) {
      const count = (r: { levels: Record<string, { broken: number }> } | undefined) =>
        r ? r.levels[level]?.broken.toLocaleString('en-US') : 'not measured';
      await rowShows(page, 'level-quality-row', title, [
        count(json.readability) ?? '',
        count(json.readabilityHeldOut) ?? '',
      ]);
      // The held-out set's savings and the tasks kept (decision 062) beside them.
      const measured = (value: number | undefined) =>
        value === undefined ? 'not measured' : share(value);
      await rowShows(page, 'level-quality-row', title, [
        measured(json.readabilityHeldOut?.levels[level]?.saved),
        measured(json.levels[level].tasks?.share),
      ]);
    }
    // The independent set written blind (decision 074): both halves' savings and answers kept.
    for (const [level, title] of [
      ['conservative', 'Conservative'],
      ['balanced', 'Balanced'],
      ['aggressive', 'Aggressive'],
    ] as const) {
      const tune = json.independent?.tune?.[level];
      const heldOut = json.independent?.heldout?.[level];
      assert.ok(tune && heldOut, 'the committed compress.json carries the independent set');
      await rowShows(page, 'independent-quality-row', title, [
        share(tune.saved),
        share(heldOut.saved),
        share(tune.answersKept),
        share(heldOut.answersKept),
      ]);
    }
    // The multi-turn conversations' history (decision 160): saved share and answers kept.
    await page
      .getByText(`Multi-turn history: ${json.history?.balanced.prompts} conversations`, {
        exact: false,
      })
      .waitFor();
    for (const [level, title] of [
      ['conservative', 'Conservative'],
      ['balanced', 'Balanced'],
      ['aggressive', 'Aggressive'],
    ] as const) {
      const history = json.history?.[level];
      assert.ok(history, 'the committed compress.json carries the history set');
      await rowShows(page, 'history-quality-row', title, [
        share(history.saved),
        share(history.kept),
      ]);
    }
    await rowShows(page, 'level-quality-row', 'Balanced', ['Current', '15–25%']);
    await page.getByTestId('eval-run').getByText(day(measuredAt), { exact: false }).waitFor();
    await saveArtifact(page, 'optimization-quality');

    // Saving another level moves the mark with it.
    await page.getByRole('radio', { name: /Aggressive/ }).check({ force: true });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await rowShows(page, 'level-quality-row', 'Aggressive', ['Current']);
    const stored = await user.api('GET', '/v1/settings');
    assert.equal(stored.body.optimization_level, 'aggressive');
  });
});
