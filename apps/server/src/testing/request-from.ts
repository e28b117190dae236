import { request } from 'node:http';

/**
 * A JSON call over real HTTP from a chosen loopback source address (all of 127.0.0.0/8 is
 * loopback on Linux), so a test can be several clients as the server's socket sees them.
 */
export function requestFrom(baseUrl: string, sourceAddress: string) {
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  return function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Record<string, string | string[] | undefined> }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        new URL(path, baseUrl),
        {
          method,
          localAddress: sourceAddress,
          headers: {
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {}
            resolve({ status: res.statusCode ?? 0, body: parsed as T, headers: res.headers });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}
