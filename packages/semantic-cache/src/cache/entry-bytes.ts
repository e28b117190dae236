import type { HeldEntry } from './cache-entry.ts';

/**
 * What one entry costs beyond its strings, vector and payload: the record, its place in the Maps
 * (by id, by exact key, the index's partition and row), its place in the index (two 16-byte codes
 * since decision 200; HNSW links before) and V8's headroom over live objects. Measured with
 * bench/support/cache-memory.ts (decision 027): at the gateway's cap the engine's heap and
 * external memory came to ~160 B under this count (decision 200); with 195's graph, ~300 B over it.
 */
const ENTRY_OVERHEAD_BYTES = 1_100;

/** V8 keeps a string in one byte per character when every character fits in Latin-1. */
export function stringBytes(text: string): number {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return 16 + text.length * 2;
  return 16 + text.length;
}

/** The bytes an entry holds in memory, its vector (one float32 per dimension) included. */
export function entryBytes(entry: HeldEntry, dimensions: number, payloadBytes: number): number {
  return (
    ENTRY_OVERHEAD_BYTES +
    dimensions * 4 +
    stringBytes(entry.id) +
    stringBytes(entry.exactKey) +
    stringBytes(entry.queryText) +
    payloadBytes
  );
}
