import type { z } from 'zod';
import {
  FIELD_VALUES,
  GENERIC_QUERIES,
  PARAM_VALUES,
  QUERY_VALUES,
  SAML_FORMS,
} from './input-values.ts';

/** One malformed request, and whether the route must refuse it (a 4xx) or may accept it. */
export interface Case {
  kind: 'body' | 'field' | 'param' | 'query' | 'method' | 'credential';
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  mustRefuse: boolean;
}

/** A route as the probe fuzzes it: valid values for everything but the part under test. */
export interface Target {
  method: string;
  url: string;
  params: Record<string, string>;
  credential: Record<string, string>;
  body?: Record<string, unknown>;
  /** The contract's body and query schemas: what they refuse, the route must refuse. */
  bodySchema?: z.ZodType;
  querySchema?: z.ZodType;
  queryKeys: string[];
  otherAccountParams: Record<string, string>;
  /** A param any string fits (a model name, an invalidation pattern): junk may be answered. */
  freeParams: string[];
}

const JSON_TYPE = { 'content-type': 'application/json' };
function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => params[name] ?? name);
}

function refuses(schema: z.ZodType | undefined, value: unknown): boolean {
  return schema ? !schema.safeParse(value).success : false;
}

/** Decoded as the server reads a query value; undefined when it cannot be decoded. */
function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function casesFor(t: Target): Case[] {
  const path = fill(t.url, t.params);
  const cases: Case[] = [];
  const add = (c: Omit<Case, 'method'> & { method?: string }) =>
    cases.push({ method: t.method, ...c, headers: { ...t.credential, ...c.headers } });
  const takesBody = t.body !== undefined;

  // A DELETE takes no body: its body cases would only delete the valid id they are sent to.
  if (['POST', 'PUT', 'PATCH'].includes(t.method)) {
    const valid = JSON.stringify(t.body ?? {});
    const whole: [string, Record<string, string>, string | Buffer, boolean][] = [
      ['text/plain JSON', { 'content-type': 'text/plain' }, valid, takesBody],
      [
        'form-urlencoded',
        { 'content-type': 'application/x-www-form-urlencoded' },
        'a=1&b=2',
        takesBody,
      ],
      ['no content-type', {}, valid, takesBody],
      [
        'JSON with charset latin1',
        { 'content-type': 'application/json; charset=latin1' },
        valid,
        false,
      ],
      ['APPLICATION/JSON upper case', { 'content-type': 'APPLICATION/JSON' }, valid, false],
      [
        'application/json-patch+json',
        { 'content-type': 'application/json-patch+json' },
        valid,
        takesBody,
      ],
      ['multipart without boundary', { 'content-type': 'multipart/form-data' }, valid, takesBody],
      ['invalid JSON', JSON_TYPE, '{"a":', true],
      ['empty JSON body', JSON_TYPE, '', takesBody],
      ['JSON null', JSON_TYPE, 'null', takesBody],
      ['JSON array', JSON_TYPE, '[]', takesBody],
      ['JSON string', JSON_TYPE, '"str"', takesBody],
      ['JSON number', JSON_TYPE, '42', takesBody],
      ['JSON 1e999', JSON_TYPE, '1e999', takesBody],
      ['JSON {}', JSON_TYPE, '{}', takesBody && refuses(t.bodySchema, {})],
      ['nested 10,000 deep', JSON_TYPE, `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, true],
      [
        'nested arrays 100,000 deep',
        JSON_TYPE,
        `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        true,
      ],
      ['__proto__ key', JSON_TYPE, valid.replace(/^\{/, '{"__proto__":{"polluted":1},'), true],
      [
        'invalid UTF-8 bytes',
        JSON_TYPE,
        Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
        false,
      ],
      [
        'unknown field',
        JSON_TYPE,
        JSON.stringify({ ...t.body, zz_unknown: 1 }),
        refuses(t.bodySchema, { ...t.body, zz_unknown: 1 }),
      ],
    ];
    for (const [name, headers, body, mustRefuse] of whole)
      add({ kind: 'body', name, path, headers, body, mustRefuse });

    for (const field of Object.keys(t.body ?? {})) {
      const rest = { ...t.body };
      delete rest[field];
      add({
        kind: 'field',
        name: `${field}: missing`,
        path,
        headers: JSON_TYPE,
        body: JSON.stringify(rest),
        mustRefuse: refuses(t.bodySchema, rest),
      });
      for (const [label, value] of FIELD_VALUES) {
        const body = { ...t.body, [field]: value };
        add({
          kind: 'field',
          name: `${field}: ${label}`,
          path,
          headers: JSON_TYPE,
          body: JSON.stringify(body),
          mustRefuse: refuses(t.bodySchema, body),
        });
      }
      // Duplicate keys: JSON.parse keeps the last, which is wrongly typed.
      const duplicate = `{${JSON.stringify(field)}:${JSON.stringify(t.body?.[field])},${JSON.stringify(rest).slice(1, -1)}${Object.keys(rest).length ? ',' : ''}${JSON.stringify(field)}:{"x":[1]}}`;
      add({
        kind: 'field',
        name: `${field}: duplicate key`,
        path,
        headers: JSON_TYPE,
        body: duplicate,
        mustRefuse: refuses(t.bodySchema, { ...rest, [field]: { x: [1] } }),
      });
    }
  }

  if (t.method === 'POST' && t.url.startsWith('/v1/saml/:accountId/')) {
    for (const [name, form] of SAML_FORMS) {
      add({
        kind: 'body',
        name,
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        mustRefuse: false,
      });
    }
  }

  const body = t.body ? JSON.stringify(t.body) : undefined;
  const bodyHeaders = body ? JSON_TYPE : {};
  for (const name of Object.keys(t.params)) {
    const values = [...PARAM_VALUES];
    const other = t.otherAccountParams[name];
    if (other) values.push(["other account's id", other]);
    for (const [label, value] of values) {
      add({
        kind: 'param',
        name: `:${name} ${label}`,
        path: fill(t.url, { ...t.params, [name]: value }),
        headers: bodyHeaders,
        ...(body ? { body } : {}),
        mustRefuse: !t.freeParams.includes(name) || label === "other account's id",
      });
    }
  }

  if (t.method === 'GET') {
    for (const key of t.queryKeys) {
      for (const [label, value] of QUERY_VALUES) {
        const text = decoded(value);
        add({
          kind: 'query',
          name: `?${key} ${label}`,
          path: `${path}?${key}=${value}`,
          headers: {},
          mustRefuse: text !== undefined && refuses(t.querySchema, { [key]: text }),
        });
      }
      add({
        kind: 'query',
        name: `?${key} repeated`,
        path: `${path}?${key}=1&${key}=2`,
        headers: {},
        mustRefuse: refuses(t.querySchema, { [key]: ['1', '2'] }),
      });
    }
    for (const [label, query] of GENERIC_QUERIES) {
      add({ kind: 'query', name: label, path: `${path}?${query}`, headers: {}, mustRefuse: false });
    }
  }
  return cases;
}

/** Methods a path does not take: a 405 (or 404), never a 5xx. */
export function wrongMethodCases(
  path: string,
  taken: Set<string>,
  credential: Record<string, string>,
): Case[] {
  return ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']
    .filter((m) => !taken.has(m))
    .map((method) => ({
      kind: 'method' as const,
      name: `${method} not taken`,
      method,
      path,
      headers: { ...credential, ...(method === 'GET' || method === 'DELETE' ? {} : JSON_TYPE) },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
      mustRefuse: true,
    }));
}
