import type { ProviderId } from '@tokenwise/pricing';
import { dataUrlImageSize, type ImageSize } from './image-size.ts';

/**
 * Files, audio, documents, and images whose provider has no rule here (Mistral, Groq) each count
 * this many tokens wherever the gateway bounds a prompt before the provider counts it.
 */
export const NON_TEXT_PART_TOKENS = 1_000;

/**
 * The tokens an `image_url` part costs on a provider (decision 175): by its size when it is a
 * base64 data URL whose header says it, else the most such an image can cost there. A URL is never
 * fetched. Without a provider, the most any rule here gives.
 */
export function imagePartTokens(
  imageUrl: { url?: unknown; detail?: unknown } | undefined,
  provider?: ProviderId,
): number {
  const url = imageUrl?.url;
  const size = typeof url === 'string' ? dataUrlImageSize(url) : undefined;
  return imageTokens(size, provider, imageUrl?.detail);
}

/** One image's tokens by the provider's rule; `size` undefined when the header was not read. */
export function imageTokens(
  size: ImageSize | undefined,
  provider: ProviderId | undefined,
  detail?: unknown,
): number {
  switch (provider) {
    case 'openai':
      return openaiImageTokens(size, detail);
    case 'anthropic':
      return anthropicImageTokens(size);
    case 'gemini':
      return geminiImageTokens(size);
    case undefined:
      return Math.max(
        openaiImageTokens(size, detail),
        anthropicImageTokens(size),
        geminiImageTokens(size),
      );
    default:
      return NON_TEXT_PART_TOKENS;
  }
}

/**
 * OpenAI (GPT-4o's figures): `low` detail is 85 tokens whatever the size. Otherwise (`high`, and
 * `auto`, which may choose high) the image is scaled to fit 2048 × 2048, then its shortest side to
 * 768, and costs 85 plus 170 per 512-pixel tile. At most 2 × 4 tiles: 1,445.
 */
function openaiImageTokens(size: ImageSize | undefined, detail: unknown): number {
  if (detail === 'low') return OPENAI_BASE;
  if (!size) return OPENAI_BASE + OPENAI_TILE * 8;
  let { width, height } = shrinkToFit(size, 2048 / Math.max(size.width, size.height));
  ({ width, height } = shrinkToFit({ width, height }, 768 / Math.min(width, height)));
  return OPENAI_BASE + OPENAI_TILE * Math.ceil(width / 512) * Math.ceil(height / 512);
}

const OPENAI_BASE = 85;
const OPENAI_TILE = 170;

/**
 * Claude: about width × height / 750, after the long side is scaled to 1,568 pixels; an image of
 * more than ~1,600 tokens is scaled down until it fits (1,092 × 1,092 is 1,590).
 */
function anthropicImageTokens(size: ImageSize | undefined): number {
  if (!size) return ANTHROPIC_MOST;
  const { width, height } = shrinkToFit(size, 1568 / Math.max(size.width, size.height));
  return Math.min(ANTHROPIC_MOST, Math.ceil((width * height) / 750));
}

const ANTHROPIC_MOST = 1_600;

/**
 * Gemini: 258 tokens for an image with both sides within 384 pixels, else 258 per 768 × 768 tile
 * it is cut into. Google states no largest figure, so an unread size keeps the flat figure, and
 * the tiles are counted on the image scaled to a long side of 7,680 pixels (8K) at most: a bound
 * of ours (100 tiles, 25,800 tokens), so a forged 100-byte header claiming 65,535 × 65,535 pixels
 * cannot hold ~1.9 M tokens of the caller's quota.
 */
function geminiImageTokens(size: ImageSize | undefined): number {
  if (!size) return NON_TEXT_PART_TOKENS;
  if (size.width <= 384 && size.height <= 384) return GEMINI_TILE;
  const { width, height } = shrinkToFit(size, GEMINI_LONG_SIDE / Math.max(size.width, size.height));
  return GEMINI_TILE * Math.ceil(width / 768) * Math.ceil(height / 768);
}

const GEMINI_TILE = 258;
const GEMINI_LONG_SIDE = 7_680;

/** The size scaled by `ratio` when that shrinks it; providers do not enlarge small images. */
function shrinkToFit(size: ImageSize, ratio: number): ImageSize {
  if (ratio >= 1) return size;
  // A thin image keeps a pixel on its short side: 65,535 × 1 is not an image of no tokens.
  return {
    width: Math.max(1, Math.floor(size.width * ratio)),
    height: Math.max(1, Math.floor(size.height * ratio)),
  };
}
