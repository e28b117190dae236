import type { AppDeps } from '../../deps.ts';

/**
 * Key lookups may be served from memory only while this instance hears of every change: over a
 * connected Redis bus, or as the single instance an embedded database allows. While the bus is
 * down every lookup asks the database, so a key deleted elsewhere stops working at once.
 */
export function canMemoizeLookups(deps: AppDeps): boolean {
  return deps.bus.shared ? deps.bus.listening() : deps.db.dialect === 'sqlite';
}
