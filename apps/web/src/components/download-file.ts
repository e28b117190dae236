import { sessionEnded } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import { getAuthToken } from '../lib/session.ts';

/**
 * The name a `Content-Disposition` header gives the file, or null without one. Handles both the
 * RFC 5987 form (`filename*=UTF-8''…`, preferred because it survives non-ASCII names) and the
 * plain `filename="…"`.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain form below, if present, is the better answer.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/** Today's date as YYYY-MM-DD, the "ISO date" export file names end with. */
export function isoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Fetches an export with the bearer token (a plain link cannot send it) and hands the body to the
 * browser as a download. The server's file name wins; `fallbackName` covers answers without one.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = getAuthToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    // An expired session showed 'Failed to export CSV. Please try again.' for good, while every
    // other call took the user to sign in.
    if (res.status === 401 && token) sessionEnded();
    throw new ApiError(res.status, undefined, undefined);
  }
  const blob = await res.blob();
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
