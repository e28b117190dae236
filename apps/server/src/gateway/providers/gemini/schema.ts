// The subset of OpenAPI schema Gemini's function declarations and responseSchema accept; other
// JSON Schema keywords ($schema, additionalProperties, $ref…) make it answer 400.
const KEPT_KEYS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'default',
  'example',
  'required',
  'propertyOrdering',
]);

/** A JSON Schema trimmed to what Gemini accepts; `type: [x, "null"]` becomes `nullable`. */
export function geminiSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const source = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (KEPT_KEYS.has(key)) out[key] = value;
  }
  if (Array.isArray(source.type)) {
    const types = source.type.filter((t) => t !== 'null');
    out.type = types[0];
    if (types.length < source.type.length) out.nullable = true;
  }
  if (source.const !== undefined && out.enum === undefined) out.enum = [source.const];
  if (source.properties && typeof source.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(source.properties).map(([name, sub]) => [name, geminiSchema(sub)]),
    );
  }
  if (source.items !== undefined) out.items = geminiSchema(source.items);
  const anyOf = source.anyOf ?? source.oneOf;
  if (Array.isArray(anyOf)) out.anyOf = anyOf.map(geminiSchema);
  return out;
}
