/**
 * OpenAI's `developer` role is OpenAI-only; other OpenAI-compatible vendors reject it, and it means
 * the same as `system` for them.
 */
export function developerAsSystem(body: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(body.messages)) return body;
  const messages = body.messages.map((m: Record<string, unknown>) =>
    m.role === 'developer' ? { ...m, role: 'system' } : m,
  );
  return { ...body, messages };
}

/** The body without the named top-level fields. */
export function withoutFields(
  body: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const copy = { ...body };
  for (const field of fields) delete copy[field];
  return copy;
}

/** The object with only the named fields, for vendors that refuse any field they do not list. */
export function onlyFields<T extends object>(value: T, fields: readonly string[]): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => fields.includes(key))) as T;
}
