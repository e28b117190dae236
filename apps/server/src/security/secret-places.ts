import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownTables } from '@tokenwise/db';
import { sql } from 'kysely';
import { type TestServer, unfoldEmail } from '../testing/test-server.ts';

/** Something the product wrote that a secret could end up in, as text. */
export interface Place {
  kind: string;
  label: string;
  text: string;
}

/** A secret to look for, and the few places it belongs by design. */
export interface Canary {
  name: string;
  value: string;
  belongsIn?: (place: Place) => boolean;
}

/** `<canary> in <kind> <label>` for every canary found where it does not belong. */
export function canaryHits(places: Place[], canaries: Canary[]): string[] {
  const hits: string[] = [];
  for (const place of places) {
    for (const c of canaries) {
      if (place.text.includes(c.value) && !c.belongsIn?.(place)) {
        hits.push(`${c.name} in ${place.kind} ${place.label}`);
      }
    }
  }
  return hits;
}

const json = (row: unknown) =>
  JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

/** Every row of every table: request_logs as their own kind, the rest as "table <name>". */
export async function databaseRows(server: TestServer): Promise<Place[]> {
  const db = server.deps.db;
  await server.app.gateway.logs.flush();
  const places: Place[] = [];
  for (const table of await ownTables(db)) {
    const rows = await sql<unknown>`select * from ${sql.table(table.name)}`.execute(db.kysely);
    for (const [i, row] of rows.rows.entries()) {
      const kind = table.name === 'request_logs' ? 'request-log row' : `table ${table.name}`;
      places.push({ kind, label: `#${i}`, text: json(row) });
    }
  }
  return places;
}

/** The request-log spill files now in the data dir. */
export function spillFiles(server: TestServer): Place[] {
  const dir = join(server.dataDir, 'spill');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files.map((f) => ({
    kind: 'spill file',
    label: f,
    text: readFileSync(join(dir, f), 'utf8'),
  }));
}

export async function outboxEmails(server: TestServer): Promise<Place[]> {
  return (await server.outbox()).map((eml, i) => ({
    kind: 'outbox email',
    label: `#${i}`,
    text: unfoldEmail(eml),
  }));
}
