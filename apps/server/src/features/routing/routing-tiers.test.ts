import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROUTING_TIERS } from '@tokenwise/contracts';
import { PROVIDER_IDS, resolveModel, TIERS } from '@tokenwise/pricing';

test('/routing shows the tiers the gateway routes by: its prices, and sample models of each tier', () => {
  assert.deepEqual(
    ROUTING_TIERS.map((t) => [t.id, t.label, t.pricePerMillion]),
    Object.entries(TIERS).map(([id, t]) => [id, t.label, t.pricePerMillion]),
  );
  for (const tier of ROUTING_TIERS) {
    for (const name of tier.sampleModels) {
      const model = PROVIDER_IDS.map((p) => resolveModel(`${p}/${name}`)).find(Boolean);
      assert.equal(model?.tier, tier.id, `${name} is shown under ${tier.label}`);
    }
  }
});
