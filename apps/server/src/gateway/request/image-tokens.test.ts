import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { imagePartTokens, imageTokens, NON_TEXT_PART_TOKENS } from './image-tokens.ts';
import { pngHeader, toDataUrl } from './testing/image-headers.ts';

const size = (width: number, height: number) => ({ width, height });

describe('imageTokens: an image costs what its provider counts for its size', () => {
  test('OpenAI: 85 plus 170 a 512-pixel tile after scaling; low detail 85', () => {
    // OpenAI's own examples: 1024 × 1024 is 4 tiles (765); 2048 × 4096 becomes 768 × 1536, 6 tiles.
    assert.equal(imageTokens(size(1024, 1024), 'openai', 'high'), 765);
    assert.equal(imageTokens(size(2048, 4096), 'openai', 'high'), 1105);
    assert.equal(imageTokens(size(2048, 4096), 'openai', 'auto'), 1105);
    assert.equal(imageTokens(size(2048, 4096), 'openai'), 1105);
    assert.equal(imageTokens(size(300, 200), 'openai'), 255);
    assert.equal(imageTokens(size(8000, 3000), 'openai'), 85 + 170 * 8);
    assert.equal(imageTokens(size(8000, 8000), 'openai', 'low'), 85);
    // A size not read: the most an image can cost there.
    assert.equal(imageTokens(undefined, 'openai'), 1445);
    assert.equal(imageTokens(undefined, 'openai', 'low'), 85);
  });

  test('Claude: width × height / 750 within 1,568 pixels, at most ~1,600', () => {
    assert.equal(imageTokens(size(200, 200), 'anthropic'), 54);
    assert.equal(imageTokens(size(1092, 1092), 'anthropic'), 1590);
    assert.equal(imageTokens(size(1000, 1000), 'anthropic'), 1334);
    assert.equal(imageTokens(size(4032, 3024), 'anthropic'), 1600);
    assert.equal(imageTokens(size(3000, 100), 'anthropic'), 109);
    // Scaled down, a thin image keeps one pixel of height: not zero tokens.
    assert.equal(imageTokens(size(65_535, 1), 'anthropic'), 3);
    assert.equal(imageTokens(undefined, 'anthropic'), 1600);
  });

  test('Gemini: 258 within 384 pixels, else 258 a 768-pixel tile', () => {
    assert.equal(imageTokens(size(384, 384), 'gemini'), 258);
    assert.equal(imageTokens(size(1024, 1024), 'gemini'), 258 * 4);
    assert.equal(imageTokens(size(3840, 2160), 'gemini'), 258 * 15);
    assert.equal(imageTokens(undefined, 'gemini'), NON_TEXT_PART_TOKENS);
    // A forged header's size is counted as an 8K image at most.
    assert.equal(imageTokens(size(65_535, 65_535), 'gemini'), 258 * 100);
    assert.equal(imageTokens(size(65_535, 1), 'gemini'), 258 * 10);
  });

  test('providers without a rule here keep the flat figure; no provider takes the largest rule', () => {
    assert.equal(imageTokens(size(4000, 3000), 'mistral'), NON_TEXT_PART_TOKENS);
    assert.equal(imageTokens(size(4000, 3000), 'groq'), NON_TEXT_PART_TOKENS);
    assert.equal(imageTokens(size(100, 100), undefined), 258);
    assert.equal(imageTokens(size(4000, 3000), undefined), 258 * 6 * 4);
    assert.equal(imageTokens(undefined, undefined), 1600);
  });

  test('an image_url part is sized from its data URL; a URL is never fetched', () => {
    const big = { url: toDataUrl('image/png', pngHeader(4000, 3000)) };
    assert.equal(imagePartTokens(big, 'anthropic'), 1600);
    assert.equal(imagePartTokens({ ...big, detail: 'low' }, 'openai'), 85);
    const small = { url: toDataUrl('image/png', pngHeader(64, 64)) };
    assert.equal(imagePartTokens(small, 'openai'), 255);
    assert.equal(imagePartTokens(small, 'anthropic'), 6);
    assert.equal(imagePartTokens({ url: 'https://example.com/cat.png' }, 'openai'), 1445);
    assert.equal(imagePartTokens(undefined, 'anthropic'), 1600);
  });
});
