// Token counts with the real BPE tokenizers: o200k_base (GPT-4o, GPT-4.1, o-series) and
// cl100k_base (GPT-4, GPT-3.5), through the catalog's counter, which counts special-token strings
// as plain text and slices long unbroken runs so a hostile prompt cannot stall the event loop.
import { countWith, type EncodingName } from '@tokenwise/pricing';

export type TokenEncoding = EncodingName;

export function countTokens(text: string, encoding: TokenEncoding = 'o200k_base'): number {
  return countWith(encoding, text);
}
