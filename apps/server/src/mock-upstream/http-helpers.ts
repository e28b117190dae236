import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The credential a request carried, wherever its provider puts it. */
export function credentialOf(headers: Record<string, string>, url: URL): string {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  return (
    bearer ?? headers['x-api-key'] ?? headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? ''
  );
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** Sends `text` as a JSON answer as it is, valid JSON or not. */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Writes and waits until the bytes are handed to the socket, so a cut right after keeps them. */
export function writeFlushed(res: ServerResponse, text: string | Uint8Array): Promise<void> {
  return new Promise((resolve) => res.write(text, () => resolve()));
}

/** Writes `text` a few bytes at a time, `delayMs` apart; false if the client went away. */
export async function writeTrickled(
  res: ServerResponse,
  text: string,
  delayMs: number,
  waits: Waits,
): Promise<boolean> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += TRICKLE_BYTES) {
    if (at > 0 && !(await waits.sleep(delayMs, res))) return false;
    await writeFlushed(res, bytes.subarray(at, at + TRICKLE_BYTES));
  }
  return true;
}

const TRICKLE_BYTES = 8;

/**
 * Timers the mock is sleeping on. A wait ends early when its response closes (the client gave
 * up) or the mock shuts down, so a hanging test request never holds the process open.
 */
export class Waits {
  private readonly pending = new Set<() => void>();

  /** Resolves true after `ms`, or false if the response closed or the mock shut down first. */
  sleep(ms: number, res: ServerResponse): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(!res.destroyed);
    return new Promise((resolve) => {
      const finish = (alive: boolean) => {
        clearTimeout(timer);
        res.off('close', onClose);
        this.pending.delete(cancel);
        resolve(alive);
      };
      const onClose = () => finish(false);
      const cancel = () => finish(false);
      const timer = setTimeout(() => finish(!res.destroyed), ms);
      res.once('close', onClose);
      this.pending.add(cancel);
    });
  }

  cancelAll(): void {
    for (const cancel of [...this.pending]) cancel();
  }
}
