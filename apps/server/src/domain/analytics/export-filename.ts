/** `tokenwise-<what>-<YYYY-MM-DD>.<ext>`, dated by the server's clock in UTC. */
export function exportFilename(what: string, now: number, ext: 'csv' | 'json'): string {
  return `tokenwise-${what}-${new Date(now).toISOString().slice(0, 10)}.${ext}`;
}
