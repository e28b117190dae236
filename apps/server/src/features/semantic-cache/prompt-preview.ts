const PREVIEW_CHARS = 200;

/** A cached prompt as the dashboard lists it: white space folded, cut at 200 characters. */
export function promptPreview(queryText: string): string {
  const flat = queryText.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS)}…` : flat;
}
