import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { DEFAULT_SEMI_SPACE_MIB, serverNodeFlags } from './server-node-flags.mjs';

describe('the node flags the server bundle runs with', () => {
  it('bounds the young generation by default, as HEAP_SEMI_SPACE_MIB says, not at all for 0', () => {
    assert.deepEqual(serverNodeFlags({}, []), [`--max-semi-space-size=${DEFAULT_SEMI_SPACE_MIB}`]);
    assert.deepEqual(serverNodeFlags({ HEAP_SEMI_SPACE_MIB: ' 8 ' }, []), [
      '--max-semi-space-size=8',
    ]);
    assert.deepEqual(serverNodeFlags({ HEAP_SEMI_SPACE_MIB: '' }, []), [
      `--max-semi-space-size=${DEFAULT_SEMI_SPACE_MIB}`,
    ]);
    assert.deepEqual(serverNodeFlags({ HEAP_SEMI_SPACE_MIB: '0' }, []), []);
  });

  it("adds nothing when the operator's own flag is on the command line or in NODE_OPTIONS", () => {
    assert.deepEqual(serverNodeFlags({}, ['--max-semi-space-size=32']), []);
    assert.deepEqual(serverNodeFlags({ NODE_OPTIONS: '--max_semi_space_size=2' }, []), []);
    assert.deepEqual(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=512' }, []), [
      `--max-semi-space-size=${DEFAULT_SEMI_SPACE_MIB}`,
    ]);
  });

  it('matches the flags `npm start` passes, so the default runs in one process', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    assert.equal(
      pkg.scripts.start,
      `exec node ${serverNodeFlags({}, []).join(' ')} scripts/start.mjs`,
    );
  });

  it('refuses a value that is not a whole number of MiB', () => {
    for (const bad of ['4.5', '-1', 'big', '4096']) {
      assert.throws(() => serverNodeFlags({ HEAP_SEMI_SPACE_MIB: bad }, []), /HEAP_SEMI_SPACE_MIB/);
    }
  });
});
