// The offline evals (`npm run eval:*`) write their figures to eval/results/*.json; the dashboard
// shows those measured figures rather than numbers typed into the screens. A file is read once and
// kept in memory until its modification time changes, so a new eval run shows without a restart.
import { readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalRun } from '@tokenwise/contracts';
import type { z } from 'zod';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const DEFAULT_DIR = join(REPO_ROOT, 'eval', 'results');

export interface EvalResult<T> {
  data: T;
  run: EvalRun;
}

interface Cached {
  mtimeMs: number;
  result: EvalResult<unknown> | null;
}

/** Keyed by file path: the dashboard reads three small files. */
const cache = new Map<string, Cached>();

/**
 * The result file `name` read through `schema` (the fields the screen uses), with the date the
 * run recorded (`generatedAt`) or else the file's modification time. Null when the file is
 * missing or is not what the schema expects: the screen shows that nothing was measured.
 */
export async function readEvalResult<S extends z.ZodType>(
  dir: string | undefined,
  name: string,
  schema: S,
): Promise<EvalResult<z.output<S>> | null> {
  const path = join(dir ?? DEFAULT_DIR, name);
  const info = await stat(path).catch(() => null);
  if (!info) return null;
  const cached = cache.get(path);
  if (cached?.mtimeMs === info.mtimeMs) return cached.result as EvalResult<z.output<S>> | null;
  const result = parseResult(await readFile(path, 'utf8').catch(() => ''), schema, {
    source: relative(REPO_ROOT, path),
    mtime: info.mtime,
  });
  cache.set(path, { mtimeMs: info.mtimeMs, result });
  return result;
}

function parseResult<S extends z.ZodType>(
  text: string,
  schema: S,
  file: { source: string; mtime: Date },
): EvalResult<z.output<S>> | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return null;
  const recorded = json as { generatedAt?: unknown; commit?: unknown };
  const at = typeof recorded.generatedAt === 'string' ? new Date(recorded.generatedAt) : null;
  return {
    data: parsed.data,
    run: {
      measured_at: (at && !Number.isNaN(at.getTime()) ? at : file.mtime).toISOString(),
      source: file.source,
      commit: typeof recorded.commit === 'string' ? recorded.commit : null,
    },
  };
}
