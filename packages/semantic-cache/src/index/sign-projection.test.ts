import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SignProjection } from './sign-projection.ts';

describe('SignProjection', () => {
  it('projects the same vector the same way in every instance, to unit length', () => {
    const vector = Float32Array.from({ length: 292 }, (_, i) => Math.sin(i + 1));
    const a = new SignProjection(292, 64).project(vector, new Float32Array(64));
    const b = new SignProjection(292, 64).project(vector, new Float32Array(64));
    assert.deepEqual(a, b);
    assert.ok(Math.abs(Math.hypot(...a) - 1) < 1e-5);
  });

  it('keeps near vectors near and far ones far', () => {
    const p = new SignProjection(292, 64);
    const unit = (v: Float32Array) => v.map((x) => x / Math.hypot(...v));
    const base = unit(Float32Array.from({ length: 292 }, (_, i) => Math.sin(i * 1.7)));
    const near = unit(base.map((x, i) => x + 0.05 * Math.cos(i * 3.1)));
    const far = unit(Float32Array.from({ length: 292 }, (_, i) => Math.cos(i * 0.37 + 2)));
    const dot = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * (y[i] ?? 0), 0);
    const pb = p.project(base, new Float32Array(64));
    const projectedNear = dot(pb, p.project(near, new Float32Array(64)));
    // A cosine of 0.86 stays near it; an unrelated vector (cosine ~0) stays well below.
    assert.ok(Math.abs(projectedNear - dot(base, near)) < 0.1);
    assert.ok(projectedNear > dot(pb, p.project(far, new Float32Array(64))) + 0.5);
  });
});
