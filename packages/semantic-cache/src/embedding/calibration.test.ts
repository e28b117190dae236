import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linearCalibration } from './calibration.ts';

describe('linearCalibration', () => {
  const calibrate = linearCalibration(0.75);

  it('reports the chosen raw cosine as the default threshold, and keeps 0 and 1', () => {
    assert.equal(calibrate(0.75), 0.95);
    assert.equal(calibrate(1), 1);
    assert.equal(calibrate(0), 0);
  });

  it('keeps the order of neighbours', () => {
    const raw = [0.1, 0.5, 0.74, 0.76, 0.9, 0.99];
    const mapped = raw.map(calibrate);
    assert.deepEqual(
      [...mapped].sort((a, b) => a - b),
      mapped,
    );
    assert.ok(mapped.every((value, i) => i === 0 || value > (mapped[i - 1] ?? 0)));
  });

  it('is the raw cosine when the default maps to itself', () => {
    const identity = linearCalibration(0.95);
    for (const cosine of [0.2, 0.8, 0.95, 0.97])
      assert.ok(Math.abs(identity(cosine) - cosine) < 1e-12);
  });
});
