import fc from 'fast-check';

/** Characters an HTTP client can put in a header value: tab, visible ASCII, space, Latin-1. */
const headerChar = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constant('\t') },
);

export const headerText = (maxLength = 120) => fc.string({ unit: headerChar, maxLength });

/** Text as callers write it, lone surrogates, NUL and right-to-left marks included. */
export const anyText = (maxLength = 80) =>
  fc.string({
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.constantFrom('\ud800', '\udfff', '\u0000', '\u202e', '\ufeff') },
    ),
    maxLength,
  });

/** Numbers that break naive code: huge, negative, fractional, beyond 2^53, not finite in JSON. */
export const awkwardNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 53 + 1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER),
);

/** Any JSON value of modest depth: body parsing limits are another suite's concern. */
export const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Wrong in any way: another type, or any JSON at all. */
export const anyValue = fc.oneof(anyJson, awkwardNumber, anyText(), fc.constant(null));

/**
 * Authorization (or x-api-key) values around a valid key: none, junk, near misses of the valid
 * key (cut, extended, wrong case), other schemes, very long ones.
 */
export function credentialHeader(validKey: string): fc.Arbitrary<string | undefined> {
  const nearMiss = fc
    .tuple(fc.nat({ max: validKey.length }), headerText(8))
    .map(([cut, tail]) => validKey.slice(0, cut) + tail);
  return fc.oneof(
    fc.constant(`Bearer ${validKey}`),
    fc.constant(validKey),
    fc.constant(undefined),
    headerText(),
    headerText().map((t) => `Bearer ${t}`),
    nearMiss.map((k) => `Bearer ${k}`),
    nearMiss,
    fc.constantFrom('Bearer', 'Bearer ', 'bearer  ', 'Basic dXNlcjpwYXNz', 'Bearer tw_', 'Token x'),
    fc.constant(`Bearer ${validKey.toUpperCase()}`),
    fc.constant(`Bearer ${validKey} ${validKey}`),
    fc.base64String({ minLength: 200, maxLength: 4000 }).map((t) => `Bearer tw_${t}`),
  );
}

export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    undefined,
  ),
);

const controlValue = (valid: readonly string[]) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...valid), fc.boolean(), fc.constantFrom('', ' ', '\t'))
        .map(([v, upper, pad]) => `${pad}${upper ? v.toUpperCase() : v}${pad}`),
    },
    headerText(20),
    awkwardNumber.map(String),
  );

/** The four control headers, each absent, valid in any case and spacing, or junk. */
export const controlHeaders = fc.record(
  {
    'x-tokenwise-cache': controlValue(['bypass', 'refresh', 'no-store']),
    'x-tokenwise-cache-ttl': controlValue(['1', '60', '2592000', '2592001', '0', '-5', '1.5']),
    'x-tokenwise-optimization-level': controlValue([
      'conservative',
      'balanced',
      'aggressive',
      'off',
    ]),
    'x-tokenwise-pin-model': controlValue(['true', 'false']),
  },
  { requiredKeys: [] },
);
