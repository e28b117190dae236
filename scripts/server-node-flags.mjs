// The node flags the server bundle runs with, shared by `npm start` (scripts/start.mjs) and the
// benches' gateway process (bench/support/server-bundle.ts), so both measure the same thing.
// Plain JavaScript: start.mjs runs with plain Node, before anything is bundled.

/** Young-generation half size (MiB) when HEAP_SEMI_SPACE_MIB is unset (decision 039). */
export const DEFAULT_SEMI_SPACE_MIB = 8;

/**
 * `--max-semi-space-size` from HEAP_SEMI_SPACE_MIB (default 8; 0 leaves V8's own, 16 MiB per half
 * on this Node). V8 fixes the young generation when it starts, so unlike HEAP_GROWING_PERCENT
 * this cannot be set from the server's own code. A flag the operator already gave (on Node's
 * command line or in NODE_OPTIONS) wins: nothing is added then.
 */
export function serverNodeFlags(env = process.env, execArgv = process.execArgv) {
  const raw = env.HEAP_SEMI_SPACE_MIB?.trim();
  const mib = raw ? Number(raw) : DEFAULT_SEMI_SPACE_MIB;
  if (!Number.isInteger(mib) || mib < 0 || mib > 1024) {
    throw new Error(
      `HEAP_SEMI_SPACE_MIB must be a whole number of MiB from 0 to 1024, not "${raw}"`,
    );
  }
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some(isSemiSpaceFlag);
  return mib === 0 || given ? [] : [`--max-semi-space-size=${mib}`];
}

/** Whether a node flag sets the young generation's size (V8 takes `-` or `_` between words). */
export function isSemiSpaceFlag(flag) {
  return /^--max[-_]semi[-_]space[-_]size/.test(flag);
}
