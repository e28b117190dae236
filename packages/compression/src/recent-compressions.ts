// Chat clients send the whole conversation again with every turn, and apps send the same system
// prompt with every request: compressed afresh each time, a turn cost CPU in proportion to the
// conversation so far. A message's compression depends only on its text, the level, its role and
// whether it is the last user message, so a text other than the last user message is compressed
// once and remembered. The last user message is not kept: it is new each turn, and once it is
// history it is compressed without the instruction's protections, under another key.
import { RecentTexts } from '@tokenwise/pricing';
import { compressTextWithStages, type MessageRole, type TextCompression } from './compress-text.ts';
import type { CompressionLevel } from './levels.ts';

const HISTORY = { isLastUserMessage: false };

/** Characters of texts and results held (~2-4 MB); least recently used out first. */
const MAX_CHARS = 1_000_000;

export class RecentCompressions {
  private readonly kept: RecentTexts<TextCompression>;

  constructor(maxChars = MAX_CHARS) {
    this.kept = new RecentTexts(maxChars, (result) => result.text.length);
  }

  /** The compression of a text that is not the last user message; callers only read it. */
  compress(text: string, level: CompressionLevel, role: MessageRole): TextCompression {
    return this.kept.get(`${level} ${role} ${text}`, () =>
      compressTextWithStages(text, level, role, HISTORY),
    );
  }

  get heldChars(): number {
    return this.kept.heldChars;
  }
}
