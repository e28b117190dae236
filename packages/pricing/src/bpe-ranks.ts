import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GptEncoding } from 'gpt-tokenizer/GptEncoding';

type Encoding = 'o200k_base' | 'cl100k_base';

const NEWLINE = 0x0a;
const SPACE = 0x20;
const UTF8 = new TextDecoder('utf8', { fatal: true });

/**
 * gpt-tokenizer's encoding, built from the package's own `.tiktoken` rank file instead of its
 * generated module (`gpt-tokenizer/encoding/<name>`): that module is one 2 MB array literal, and
 * parsing it leaves ~14 MB more resident than reading the 200,000 ranks from the file does. The
 * ranks are the same, word for word (bpe-ranks.test.ts compares them with the module's).
 */
export function loadEncoding(name: Encoding): GptEncoding {
  return GptEncoding.getEncodingApi(name, () => readRanks(name));
}

/**
 * The ranks as the package's generator writes them (src/codegen/generateJsBpe.ts): each token's
 * bytes as a string when they are valid UTF-8, else as an array of bytes.
 */
export function readRanks(name: Encoding): (string | number[])[] {
  const file = createRequire(import.meta.url).resolve(`gpt-tokenizer/data/${name}.tiktoken`);
  const lines = readFileSync(file);
  const ranks: (string | number[])[] = [];
  // Each line is `<token bytes in base64> <rank>`.
  for (let at = 0; at < lines.length; ) {
    const space = lines.indexOf(SPACE, at);
    let end = lines.indexOf(NEWLINE, space);
    if (end < 0) end = lines.length;
    const bytes = Buffer.from(lines.toString('latin1', at, space), 'base64');
    ranks[Number(lines.toString('latin1', space + 1, end))] = asText(bytes) ?? [...bytes];
    at = end + 1;
  }
  return ranks;
}

function asText(bytes: Uint8Array): string | undefined {
  try {
    const text = UTF8.decode(bytes);
    return Buffer.byteLength(text) === bytes.length ? text : undefined;
  } catch {
    return undefined;
  }
}
