// The work the event loop hands to a worker thread: pure functions of their input, run by piscina
// in worker-entry.mjs. Keep every task free of I/O and of module state the main thread relies on.
import {
  type ChatMessageLike,
  type CompressionLevel,
  type CompressionResult,
  compressMessages,
  type TokenEncoding,
} from '@tokenwise/compression';
import {
  type DifficultyInput,
  type DifficultyResult,
  type DifficultyThresholds,
  scoreDifficulty,
} from '@tokenwise/difficulty';
import {
  type OffsetMap,
  type PiiConfig,
  RedactionSession,
  type RedactionState,
} from '@tokenwise/pii';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import secureJson from 'secure-json-parse';
import { checkJsonShape, type JsonShapeProblem } from '../json-shape.ts';
import { attachAtOnce, type Detached, detachAtOnce } from './large-strings.ts';

export type ParsedJson =
  | { ok: true; value: unknown }
  | { ok: false; problem: 'empty' | 'invalid' | JsonShapeProblem };

/**
 * Redacted texts in the order given (null: unchanged), the session that redacted them and the
 * offset maps of the texts asked for (plain-text documents Claude may cite).
 */
export type RedactedTexts =
  | { ok: true; texts: (string | null)[]; state: RedactionState; offsets: OffsetMap[] }
  | { ok: false; problem: 'too_many_values' | 'over_budget' };

// Inputs and answers that can hold a whole prompt travel as Detached (see large-strings.ts).
export type CpuTask =
  | { kind: 'parseJson'; bytes: Uint8Array }
  | { kind: 'parseAnswerJson'; bytes: Uint8Array }
  | { kind: 'stringifyJson'; value: Detached }
  | {
      kind: 'redactTexts';
      config: PiiConfig;
      texts: Detached;
      /** Indexes of the texts that are JSON (tool call arguments). */
      json: number[];
      /** Indexes of the texts whose offset maps come back. */
      mapped: number[];
      maxValues: number;
      /** Set to 1 when this thread takes the task up: the scan budget starts then. */
      started?: SharedArrayBuffer;
    }
  | {
      kind: 'compressMessages';
      messages: ChatMessageLike[];
      level: CompressionLevel;
      encoding: TokenEncoding;
    }
  | { kind: 'scoreDifficulty'; input: DifficultyInput; thresholds: DifficultyThresholds };

export type CompressedMessages = CompressionResult<ChatMessageLike>;
export type { DifficultyResult };

/** One request's texts through one RedactionSession, as the gateway's pii stage does in-thread. */
export function redactTexts(
  config: PiiConfig,
  texts: string[],
  json: number[],
  maxValues: number,
  mapped: number[] = [],
): RedactedTexts {
  const session = new RedactionSession(config);
  const { texts: redacted, offsets } = session.redactAllMapped(
    texts,
    json.length ? new Set(json) : undefined,
    mapped,
  );
  // The session's tables come back to the event loop by copy: their size is what is bounded.
  if (session.distinctValues > maxValues) return { ok: false, problem: 'too_many_values' };
  return {
    ok: true,
    texts: redacted.map((text, i) => (text === texts[i] ? null : text)),
    state: session.toState(),
    offsets,
  };
}

/** An answer whose long strings go back to the event loop as moved bytes. */
function movedBack(result: unknown) {
  const { detached, transfer } = detachAtOnce(result);
  return move({ [transferableSymbol]: transfer, [valueSymbol]: detached });
}

/** A request body's bytes → its value, refused as Fastify's own parser would, plus the shape limits. */
export function parseJsonBytes(bytes: Uint8Array): ParsedJson {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return parseJsonText(text);
}

/** A provider's answer: plain JSON, no request shape limits (its size was bounded when read). */
function parseAnswerBytes(bytes: Uint8Array): { ok: boolean; value?: unknown } {
  try {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
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
      return movedBack(parseJsonBytes(task.bytes));
    case 'parseAnswerJson':
      return movedBack(parseAnswerBytes(task.bytes));
    case 'stringifyJson':
      // Handed back by transfer: the bytes are moved, not copied, into the event loop's thread.
      return move(Buffer.from(JSON.stringify(attachAtOnce(task.value))));
    case 'redactTexts':
      if (task.started) {
        const flag = new Int32Array(task.started);
        Atomics.store(flag, 0, 1);
        Atomics.notify(flag, 0);
      }
      return movedBack(
        redactTexts(
          task.config,
          attachAtOnce(task.texts) as string[],
          task.json,
          task.maxValues,
          task.mapped,
        ),
      );
    case 'compressMessages':
      return compressMessages(task.messages, task.level, { encoding: task.encoding });
    case 'scoreDifficulty':
      return scoreDifficulty(task.input, task.thresholds);
  }
}
