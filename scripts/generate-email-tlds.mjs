// Writes packages/pii/src/detectors/email-tld-list.ts from IANA's list of delegated top-level
// domains (https://data.iana.org/TLD/tlds-alpha-by-domain.txt, fetched by whoever runs it; this
// script reads a local copy and opens no connection):
//   node scripts/generate-email-tlds.mjs <path to tlds-alpha-by-domain.txt>
// The internationalised TLDs (xn--…) are left out: email-tld.ts accepts them by shape.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(
  new URL('../packages/pii/src/detectors/email-tld-list.ts', import.meta.url),
);
/** The most characters of TLDs and spaces a row of the list holds, as it was first written. */
const ROW_WIDTH = 96;

const [source] = process.argv.slice(2);
if (!source) throw new Error('usage: generate-email-tlds.mjs <path to tlds-alpha-by-domain.txt>');
const lines = readFileSync(source, 'utf8').split('\n');
const version = /^# Version (\d+)/.exec(lines[0] ?? '')?.[1];
if (!version) throw new Error(`${source}: no "# Version" line first`);
const tlds = lines
  .map((line) => line.trim().toLowerCase())
  .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('xn--'));
for (const tld of tlds)
  if (!/^[a-z0-9-]+$/.test(tld)) throw new Error(`${source}: not an ASCII TLD: ${tld}`);

const rows = [];
for (const tld of tlds) {
  const last = rows.at(-1);
  if (last !== undefined && last.length + 1 + tld.length <= ROW_WIDTH)
    rows[rows.length - 1] = `${last} ${tld}`;
  else rows.push(tld);
}

writeFileSync(
  OUT,
  `// Generated from IANA's root zone list (tlds-alpha-by-domain.txt, Version ${version}): every
// ASCII top-level domain, lower case. The internationalised ones (xn--…, or written in their own
// script) are accepted by shape in email-tld.ts. Regenerate when ICANN delegates new ones:
// scripts/generate-email-tlds.mjs.
export const DELEGATED_TLDS = new Set(
  [
${rows.map((row) => `    '${row}',`).join('\n')}
  ]
    .join(' ')
    .split(' '),
);
`,
);
console.log(`wrote ${tlds.length} TLDs (Version ${version}) to ${OUT}`);
