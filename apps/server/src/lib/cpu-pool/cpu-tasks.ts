// The work the event loop hands to a worker thread: pure functions of their input, run by piscina
// in worker-entry.mjs. Keep every task free of I/O and of module state the main thread relies on.
import { move } from 'piscina';
import secureJson from 'secure-json-parse';
import { checkJsonShape, type JsonShapeProblem } from '../json-shape.ts';

export type ParsedJson =
  | { ok: true; value: unknown }
  | { ok: false; problem: 'empty' | 'invalid' | JsonShapeProblem };

export type CpuTask =
  | { kind: 'parseJson'; bytes: Uint8Array }
  | { kind: 'stringifyJson'; value: unknown };

/** A request body's bytes → its value, refused as Fastify's own parser would, plus the shape limits. */
export function parseJsonBytes(bytes: Uint8Array): ParsedJson {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return parseJsonText(text);
}

export function parseJsonText(text: string): ParsedJson {
  if (text.length === 0) return { ok: false, problem: 'empty' };
  let value: unknown;
  try {
    value = secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  const problem = checkJsonShape(value);
  return problem ? { ok: false, problem } : { ok: true, value };
}

export default function runCpuTask(task: CpuTask): unknown {
  switch (task.kind) {
    case 'parseJson':
      return parseJsonBytes(task.bytes);
    case 'stringifyJson':
      // Handed back by transfer: the bytes are moved, not copied, into the event loop's thread.
      return move(Buffer.from(JSON.stringify(task.value)));
  }
}
