/** One raw HTTP answer, as text a leak search can read: status line, headers, then body. */
export interface ProbeAnswer {
  status: number;
  body: string;
  text: string;
}

/** Sends one request over loopback and keeps everything that came back. */
export async function probe(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<ProbeAnswer> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    // A string goes as it is, so a test can send a body that is not valid JSON.
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const head = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  return { status: res.status, body: text, text: `${res.status}\n${head}\n\n${text}` };
}

/** The markers present in `text` that the request itself did not carry. */
export function leakedMarkers(text: string, markers: string[], sent: string): string[] {
  return markers.filter((m) => text.includes(m) && !sent.includes(m));
}

export const isSuccess = (status: number) => status >= 200 && status < 300;
