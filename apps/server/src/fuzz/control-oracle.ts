/**
 * Whether a control header value is allowed, written from the table in docs/gateway.md rather
 * than from the parser, so the fuzz test checks the code against the documentation. Values are
 * compared trimmed and lower-cased; 'default' and 'none' are long-standing aliases.
 */
export function isValidControl(name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  switch (name) {
    case 'x-tokenwise-cache':
      return ['bypass', 'refresh', 'no-store', 'default'].includes(value);
    case 'x-tokenwise-cache-ttl':
      return /^[0-9]+$/.test(value) && Number(value) >= 1 && Number(value) <= 2_592_000;
    case 'x-tokenwise-optimization-level':
      return ['conservative', 'balanced', 'aggressive', 'off', 'none'].includes(value);
    case 'x-tokenwise-pin-model':
      return value === 'true' || value === 'false';
    default:
      return true;
  }
}
