import { canWrite } from '../../lib/roles.ts';

/** Deleting and invalidating entries is open to everyone who may send requests, not read-only. */
export const canInvalidateCache = canWrite;
