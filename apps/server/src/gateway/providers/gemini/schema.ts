import { GatewayError } from '../../types.ts';

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

type Json = Record<string, unknown>;

/**
 * The most schema objects one schema may hold written out. References that each name the next
 * twice double the copies at every step (30 steps: a billion), all on the event loop; a real
 * tool's schema written out is a few hundred.
 */
const MAX_WRITTEN_OBJECTS = 10_000;

/**
 * A JSON Schema trimmed to what Gemini accepts; `type: [x, "null"]` becomes `nullable`. Local
 * `$ref`s (`#/$defs/…`, `#/definitions/…`, as pydantic and zod write nested models) are written out
 * in place, since Gemini's schema has no references: dropping one left a property with no schema at
 * all (decision 147). A recursive schema cannot be written out, so it is a 400 naming the problem.
 */
export function geminiSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  return trimmed(schema, schema, [], { written: 0 });
}

function trimmed(schema: unknown, root: Json, seen: string[], count: { written: number }): unknown {
  if (!isObject(schema)) return schema;
  if (++count.written > MAX_WRITTEN_OBJECTS) throw tooLarge();
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw recursive(ref);
    const { $ref: _ref, ...siblings } = schema;
    const target = resolveLocal(ref, root);
    return {
      ...(trimmed(target, root, [...seen, ref], count) as Json),
      ...(trimmed(siblings, root, seen, count) as Json),
    };
  }
  const source = schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (KEPT_KEYS.has(key)) out[key] = value;
  }
  if (Array.isArray(source.type)) {
    const types = source.type.filter((t) => t !== 'null');
    out.type = types[0];
    if (types.length < source.type.length) out.nullable = true;
  }
  if (source.const !== undefined && out.enum === undefined) out.enum = [source.const];
  if (isObject(source.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(source.properties).map(([name, sub]) => [
        name,
        trimmed(sub, root, seen, count),
      ]),
    );
  }
  if (source.items !== undefined) out.items = trimmed(source.items, root, seen, count);
  const anyOf = source.anyOf ?? source.oneOf;
  if (Array.isArray(anyOf)) out.anyOf = anyOf.map((sub) => trimmed(sub, root, seen, count));
  return out;
}

/** `#` or `#/a/b` inside the schema itself; any other reference cannot be sent to Gemini. */
function resolveLocal(ref: string, root: Json): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) throw unsupportedRef(ref);
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodedStep(raw, ref).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : undefined;
  }
  if (!isObject(node)) throw unsupportedRef(ref);
  return node;
}

function decodedStep(raw: string, ref: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    // A broken %-escape names nothing in the schema.
    throw unsupportedRef(ref);
  }
}

function tooLarge(): GatewayError {
  return new GatewayError(
    400,
    `The JSON schema is too large written out (over ${MAX_WRITTEN_OBJECTS} schemas once its references are replaced); Gemini's schemas have no references. Send a smaller schema, or choose a model that takes JSON Schema references.`,
    'invalid_request_error',
  );
}

function recursive(ref: string): GatewayError {
  return new GatewayError(
    400,
    `The JSON schema is recursive ('${ref}' refers to itself); Gemini's schemas have no references, so it cannot be sent to Gemini. Send a schema without recursion, or choose a model that takes JSON Schema references.`,
    'invalid_request_error',
  );
}

function unsupportedRef(ref: string): GatewayError {
  return new GatewayError(
    400,
    `The JSON schema's reference '${ref}' does not point inside the schema; Gemini takes only schemas written out in full.`,
    'invalid_request_error',
  );
}

const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
