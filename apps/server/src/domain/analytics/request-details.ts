/**
 * A request's stage details: JSON the gateway writes (difficulty reasons, cache entry and
 * similarity, redaction counts...). A damaged value reads as none rather than failing the answer.
 */
export function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
