/**
 * Prints the catalog as the Markdown table in README.md, from the same code the gateway uses:
 * `node --import tsx packages/pricing/scripts/print-table.ts`
 */
import { listModels, PRICES_SOURCE, PROVIDER_IDS } from '../src/index.ts';
import { CATALOG_IDS } from '../src/models.data.ts';

const yes = (flag: boolean | undefined) => (flag ? 'yes' : '');
const usd = (price: number) => `$${price}`;

const lines = [
  `Prices from ${PRICES_SOURCE.package} ${PRICES_SOURCE.version}, per 1M tokens (base rate of tiered prices).`,
  '',
  '| Model | Input | Output | Tier | Tools | Vision | JSON | Context | Family | Notes |',
  '|---|---:|---:|---|:-:|:-:|:-:|---:|---|---|',
];
for (const model of listModels()) {
  const caps = model.capabilities;
  const notes = [caps.embeddings && 'embeddings', caps.reasoning && 'reasoning'].filter(Boolean);
  lines.push(
    `| ${model.qualifiedId} | ${usd(model.inputPerMillion)} | ${usd(model.outputPerMillion)} | ${model.tier} | ${yes(caps.tools)} | ${yes(caps.vision)} | ${yes(caps.jsonMode)} | ${caps.contextWindow.toLocaleString('en-US')} | ${model.family} | ${notes.join(', ')} |`,
  );
}

const listed = new Set(listModels().map((model) => model.qualifiedId));
const unpriced = PROVIDER_IDS.flatMap((provider) =>
  CATALOG_IDS[provider].map((id) => `${provider}/${id}`).filter((id) => !listed.has(id)),
);
lines.push(
  '',
  `Left out (no price in genai-prices): ${unpriced.length ? unpriced.join(', ') : 'none'}.`,
);
console.log(lines.join('\n'));
