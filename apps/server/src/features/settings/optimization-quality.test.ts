import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { moveToAccount, signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'tw-eval-results-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A level as eval/compress/run.ts writes it: the share of all tokens saved, which the screen
 * shows against the band, and a lower mean per prompt, which it does not (decision 029).
 */
const level = (saved: number, min: number, max: number) => ({
  reduction: { tokenWeighted: saved, mean: saved - 0.02, p10: 0, p50: saved, p90: saved },
  band: { min, max },
  inBand: saved >= min && saved <= max,
  fidelity: { overall: 1, items: 6834 },
});
const answers = (kept: number) => ({ prompts: 24, answers: 130, kept, byKind: {}, lost: [] });

describe('GET /v1/optimization/quality', () => {
  const server = useTestServer({ env: { EVAL_RESULTS_DIR: dir } });

  test('before the eval ran, says nothing was measured', async () => {
    const owner = await signUpSubscribed(server);
    const quality = await owner.api.expectOk(endpoints.optimization.quality);
    assert.deepEqual(quality, { account_level: 'balanced', eval: null });
  });

  test('answers the reduction and the answers kept per level, with the account’s level', async () => {
    const file = join(dir, 'compress.json');
    writeFileSync(
      file,
      JSON.stringify({
        prompts: 240,
        levels: {
          conservative: level(0.07, 0.05, 0.1),
          balanced: level(0.16, 0.15, 0.25),
          aggressive: level(0.31, 0.3, 0.5),
        },
        answers: { conservative: answers(1), balanced: answers(1), aggressive: answers(0.95) },
      }),
    );
    // No date in the file: the file's own modification time is the run's date.
    const ran = new Date('2026-11-20T09:00:00.000Z');
    utimesSync(file, ran, ran);
    const owner = await signUpSubscribed(server);
    await owner.api.expectOk(endpoints.settings.save, {
      body: { optimization_level: 'aggressive' },
    });
    const other = await signUpSubscribed(server);

    const quality = await owner.api.expectOk(endpoints.optimization.quality);
    assert.equal(quality.account_level, 'aggressive');
    assert.equal(quality.eval?.measured_at, ran.toISOString());
    assert.equal(quality.eval?.commit, null);
    assert.deepEqual(
      quality.eval?.levels.map((l) => [l.level, l.reduction, l.answers_kept, l.in_band]),
      [
        ['conservative', 0.07, 1, true],
        ['balanced', 0.16, 1, true],
        ['aggressive', 0.31, 0.95, true],
      ],
    );
    assert.equal(quality.eval?.questions, 130);
    // A file written before the broken-phrase count (decision 042): not measured, not zero.
    assert.equal(quality.eval?.readability_prompts, null);
    assert.equal(quality.eval?.independent_held_out_prompts, null);
    assert.deepEqual(
      quality.eval?.levels.map((l) => [l.independent_tune, l.independent_held_out]),
      [
        [null, null],
        [null, null],
        [null, null],
      ],
    );
    // Nor the multi-turn history (decision 160).
    assert.equal(quality.eval?.history_prompts, null);
    assert.deepEqual(
      quality.eval?.levels.map((l) => l.history),
      [null, null, null],
    );
    assert.deepEqual(
      quality.eval?.levels.map((l) => [
        l.broken_phrases,
        l.broken_phrases_held_out,
        l.reduction_held_out,
        l.tasks_kept,
      ]),
      [
        [null, null, null, null],
        [null, null, null, null],
        [null, null, null, null],
      ],
    );
    assert.equal(
      (await other.api.expectOk(endpoints.optimization.quality)).account_level,
      'balanced',
    );

    const reader = await signUp(server);
    await moveToAccount(server, reader.userId, owner.accountId, 'read_only');
    const seen = await reader.api.expectOk(endpoints.optimization.quality);
    assert.equal(seen.account_level, 'aggressive');
    assert.equal(seen.eval?.levels.length, 3);
  });

  test('answers the broken phrases per level, on the prompts and on the held-out set', async () => {
    const readability = (
      prompts: number,
      broken: [number, number, number],
      saved?: [number, number, number],
    ) => ({
      prompts,
      levels: {
        conservative: { broken: broken[0], saved: saved?.[0], byRule: {}, examples: [] },
        balanced: { broken: broken[1], saved: saved?.[1], byRule: {}, examples: [] },
        aggressive: { broken: broken[2], saved: saved?.[2], byRule: {}, examples: [] },
      },
    });
    writeFileSync(
      join(dir, 'compress.json'),
      JSON.stringify({
        generatedAt: '2026-11-27T01:00:00.000Z',
        commit: 'abc1234',
        prompts: 240,
        levels: {
          conservative: level(0.09, 0.05, 0.1),
          balanced: level(0.157, 0.15, 0.25),
          aggressive: {
            ...level(0.41, 0.3, 0.5),
            tasks: { share: 0.788, sentences: 500, lost: [] },
          },
        },
        answers: { conservative: answers(1), balanced: answers(1), aggressive: answers(0.88) },
        readability: readability(263, [0, 0, 1662]),
        readabilityHeldOut: readability(10, [0, 2, 31], [0.063, 0.156, 0.2987]),
      }),
    );
    const owner = await signUpSubscribed(server);
    const quality = await owner.api.expectOk(endpoints.optimization.quality);
    assert.equal(quality.eval?.readability_prompts, 263);
    assert.equal(quality.eval?.readability_held_out_prompts, 10);
    assert.deepEqual(
      quality.eval?.levels.map((l) => [l.level, l.broken_phrases, l.broken_phrases_held_out]),
      [
        ['conservative', 0, 0],
        ['balanced', 0, 2],
        ['aggressive', 1662, 31],
      ],
    );
    // The held-out set's savings (under aggressive's floor here) and the task check (decision
    // 062), which only the aggressive row of this file carries.
    assert.deepEqual(
      quality.eval?.levels.map((l) => [l.level, l.reduction_held_out, l.tasks_kept]),
      [
        ['conservative', 0.063, null],
        ['balanced', 0.156, null],
        ['aggressive', 0.2987, 0.788],
      ],
    );
  });

  test('answers both halves of the independent set per level (decision 074)', async () => {
    const half = (prompts: number, saved: [number, number, number], kept: number) => {
      const row = (value: number, broken: number) => ({
        prompts,
        questions: 150,
        saved: value,
        p10: 0,
        p50: value,
        p90: value,
        answersKept: kept,
        answersKeptStrict: kept - 0.05,
        broken,
        brokenByRule: {},
      });
      return {
        conservative: row(saved[0], 0),
        balanced: row(saved[1], 0),
        aggressive: row(saved[2], 12),
      };
    };
    writeFileSync(
      join(dir, 'compress.json'),
      JSON.stringify({
        generatedAt: '2026-11-29T08:00:00.000Z',
        prompts: 240,
        levels: {
          conservative: level(0.09, 0.05, 0.1),
          balanced: level(0.17, 0.15, 0.25),
          aggressive: level(0.31, 0.3, 0.5),
        },
        answers: { conservative: answers(1), balanced: answers(1), aggressive: answers(0.95) },
        independent: {
          tune: half(20, [0.071, 0.182, 0.334], 0.99),
          heldout: half(19, [0.048, 0.149, 0.287], 0.97),
        },
      }),
    );
    const owner = await signUpSubscribed(server);
    const quality = await owner.api.expectOk(endpoints.optimization.quality);
    assert.equal(quality.eval?.independent_tune_prompts, 20);
    assert.equal(quality.eval?.independent_held_out_prompts, 19);
    assert.deepEqual(
      quality.eval?.levels.map((l) => [l.level, l.independent_tune, l.independent_held_out]),
      [
        [
          'conservative',
          { reduction: 0.071, answers_kept: 0.99, broken_phrases: 0 },
          { reduction: 0.048, answers_kept: 0.97, broken_phrases: 0 },
        ],
        [
          'balanced',
          { reduction: 0.182, answers_kept: 0.99, broken_phrases: 0 },
          { reduction: 0.149, answers_kept: 0.97, broken_phrases: 0 },
        ],
        [
          'aggressive',
          { reduction: 0.334, answers_kept: 0.99, broken_phrases: 12 },
          { reduction: 0.287, answers_kept: 0.97, broken_phrases: 12 },
        ],
      ],
    );
  });

  test('answers the multi-turn history’s savings and answers kept per level (decision 160)', async () => {
    const history = (prompts: number, saved: [number, number, number], kept: number[]) => {
      const row = (value: number, share: number) => ({
        prompts,
        answers: prompts * 6,
        kept: share,
        saved: value,
        lost: share < 1 ? [{ id: 'sourdough', kind: 'term', answer: 'rye starter' }] : [],
      });
      return {
        conservative: row(saved[0], kept[0] ?? 1),
        balanced: row(saved[1], kept[1] ?? 1),
        aggressive: row(saved[2], kept[2] ?? 1),
      };
    };
    const file = (block: unknown) =>
      writeFileSync(
        join(dir, 'compress.json'),
        JSON.stringify({
          generatedAt: '2026-12-01T03:00:00.000Z',
          prompts: 240,
          levels: {
            conservative: level(0.09, 0.05, 0.1),
            balanced: level(0.17, 0.15, 0.25),
            aggressive: level(0.3, 0.3, 0.5),
          },
          answers: { conservative: answers(1), balanced: answers(1), aggressive: answers(1) },
          history: block,
        }),
      );
    file(history(8, [0, 0.1074, 0.2664], [1, 1, 0.875]));
    const owner = await signUpSubscribed(server);
    const quality = await owner.api.expectOk(endpoints.optimization.quality);
    assert.equal(quality.eval?.history_prompts, 8);
    assert.deepEqual(
      quality.eval?.levels.map((l) => [l.level, l.history]),
      [
        ['conservative', { reduction: 0, answers_kept: 1 }],
        ['balanced', { reduction: 0.1074, answers_kept: 1 }],
        ['aggressive', { reduction: 0.2664, answers_kept: 0.875 }],
      ],
    );

    // A block over no conversation (an empty question file) measured nothing: not a 0% kept.
    file(history(0, [0, 0, 0], [0, 0, 0]));
    // The reader caches by modification time: a second write in the same tick must still show.
    const later = new Date('2026-12-01T04:00:00.000Z');
    utimesSync(join(dir, 'compress.json'), later, later);
    const empty = await owner.api.expectOk(endpoints.optimization.quality);
    assert.equal(empty.eval?.history_prompts, null);
    assert.deepEqual(
      empty.eval?.levels.map((l) => l.history),
      [null, null, null],
    );
    assert.equal(empty.eval?.corpus_prompts, 240);
  });

  test('asks for a session and a subscription', async () => {
    assert.equal((await fetch(`${server.url}/v1/optimization/quality`)).status, 401);
    const unsubscribed = await signUp(server);
    assert.equal((await unsubscribed.api.request(endpoints.optimization.quality)).status, 402);
  });
});
