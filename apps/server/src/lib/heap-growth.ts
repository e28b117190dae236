import { setFlagsFromString } from 'node:v8';

/**
 * Lets V8's heap grow at most `percent` above the live data its last full collection found, instead
 * of the factor it picks itself (up to 4× when collections are cheap compared with the program):
 * under a high request rate, that headroom was most of the gateway's RSS (decision 034). It is a
 * growth factor, not a limit: a request that needs more heap gets it, and the next collection sets
 * the limit from what is live again. V8 reads this flag each time it sets a limit, so it takes
 * effect when set at start; 0 leaves V8's own choice.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
