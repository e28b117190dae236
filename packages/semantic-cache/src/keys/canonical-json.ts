/**
 * JSON with object keys sorted and undefined/null members dropped, so two requests that differ
 * only in key order or in an explicit `null` (the provider default) serialise identically.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortValue(value));
}

function sortValue(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item) => (item === undefined ? null : sortValue(item)));
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined && member !== null) sorted[key] = sortValue(member);
    }
    return sorted;
  }
  return value;
}
