// The malformed values the probe sends, by where they go (decision 235).

const LONG = 'x'.repeat(100_000);

/** Values a JSON field might wrongly hold (JSON.stringify keeps lone surrogates as \ud800). */
export const FIELD_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['huge', 1e308],
  ['-huge', -1e308],
  ['2^53+1', 2 ** 53 + 1],
  ['fraction', 1.5],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"-1"', '-1'],
  ['empty string', ''],
  ['100 KB string', LONG],
  ['lone surrogate', '\ud800'],
  ['NUL', 'a\u0000b'],
  ['RTL mark', '\u202eevil'],
  ['array', []],
  ['object', {}],
];

/** Path parameter values that are not ids. */
export const PARAM_VALUES: [string, string][] = [
  ['..', '..'],
  ['../ encoded', '..%2F..%2Fetc%2Fpasswd'],
  ['%00', '%00'],
  ['NUL inside', 'abc%00def'],
  ['10,000 chars', 'a'.repeat(10_000)],
  ['5,000 chars', 'a'.repeat(5_000)],
  ['lone surrogate UTF-8', '%ED%A0%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['bad escape', '%zz'],
  ['-1', '-1'],
  ['1e999', '1e999'],
  ['SQL', "'%20OR%201=1--"],
  ['RTL', '%E2%80%AE'],
  ['unknown uuid', '0195f0e0-0000-7000-8000-000000000000'],
  ['__proto__', '__proto__'],
];

/** Query values out of range, of the wrong type, or badly encoded. */
export const QUERY_VALUES: [string, string][] = [
  ['empty', ''],
  ['-1', '-1'],
  ['huge', '99999999999999999999999'],
  ['1e308', '1e308'],
  ['NaN', 'NaN'],
  ['text', 'abc'],
  ['9999d', '9999d'],
  ['bad date', '2026-13-45'],
  ['5,000 chars', 'q'.repeat(5_000)],
  ['%00', '%00'],
  ['lone surrogate UTF-8', '%ED%A0%80'],
  ['bad escape', '%zz'],
];

/** Query strings every GET gets, whatever its keys. */
export const GENERIC_QUERIES: [string, string][] = [
  ['repeated limit', 'limit=1&limit=2'],
  ['range=9999d', 'range=9999d'],
  ['time_range=9999d', 'time_range=9999d'],
  ['from after to', 'from=2026-12-01T00:00:00Z&to=2026-01-01T00:00:00Z'],
  ['invalid ISO dates', 'from=yesterday&to=2026-02-30'],
  ['offset=-5', 'offset=-5'],
  ['__proto__', '__proto__[polluted]=1&constructor[prototype][x]=1'],
  ['unknown param', 'zz_unknown=1'],
  // Past Node's 16 KB header limit: refused before routing (431), still in JSON.
  ['20 KB query', `q=${'x'.repeat(20_000)}`],
];

const b64 = (text: string) => encodeURIComponent(Buffer.from(text).toString('base64'));
const LAUGHS = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 8 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]><samlp:Response>&i;</samlp:Response>`;

/** What an IdP (or someone posing as one) can post to the ACS and SLS. */
export const SAML_FORMS: [string, string][] = [
  ['form SAMLResponse not base64', 'SAMLResponse=%%%not-base64&RelayState=x'],
  ['form SAMLResponse base64 of text', `SAMLResponse=${b64('hello')}`],
  ['form SAMLResponse base64 of bare XML', `SAMLResponse=${b64('<samlp:Response/>')}`],
  ['form SAMLResponse entity expansion', `SAMLResponse=${b64(LAUGHS)}`],
  ['form SAMLResponse 100 KB', `SAMLResponse=${b64('<a>'.repeat(30_000))}`],
  ['form SAMLRequest junk', `SAMLRequest=${b64('<samlp:LogoutRequest/>')}&RelayState=%00`],
  ['form repeated fields', 'SAMLResponse=a&SAMLResponse=b&RelayState=1&RelayState=2'],
];
