import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent as written: `../`, `%00` and bad escapes reach the server unchanged. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  requestId: string;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One request over plain HTTP, no URL normalising (fetch would resolve `..` and re-encode). */
export function sendRaw(baseUrl: string, req: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
    const r = http.request(
      { agent, hostname, port, method: req.method, path: req.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            requestId: String(res.headers['x-request-id'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.setTimeout(60_000, () => r.destroy(new Error('no answer in 60 s')));
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** The message a screen (or an SDK) would show: `{message}` or `{error: {message}}`. */
export function errorMessageOf(answer: RawAnswer): string | undefined {
  if (!answer.contentType.includes('json')) return undefined;
  try {
    const body = JSON.parse(answer.body);
    if (typeof body?.message === 'string' && body.message) return body.message;
    if (typeof body?.error?.message === 'string' && body.error.message) return body.error.message;
  } catch {}
  return undefined;
}
