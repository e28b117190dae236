// Decision 245: "debian bookworm" is Debian 12, "ubuntu jammy" 22.04, "macos sonoma" 14. A rewording
// names the release by its number as often as by its name, and the number guard and the
// difference check read a number on one side only.

/**
 * Codenames by the system they name, with the version as written. A name that is an everyday word
 * ("stretch", "noble", "focal", "buster") counts only right after its system's name; the others
 * count alone too.
 */
const CODENAMES: Record<string, Record<string, string>> = {
  debian: { stretch: '9', buster: '10', bullseye: '11', bookworm: '12', trixie: '13' },
  ubuntu: { bionic: '18.04', focal: '20.04', jammy: '22.04', noble: '24.04', oracular: '24.10' },
  macos: { catalina: '10.15', monterey: '12', ventura: '13', sonoma: '14', sequoia: '15' },
};
const BY_SYSTEM = new Map(
  Object.entries(CODENAMES).map(([system, names]) => [system, new Map(Object.entries(names))]),
);
const EVERYDAY = new Set(['stretch', 'buster', 'noble', 'focal', 'catalina', 'oracular']);
const ALONE = new Map<string, string>();
for (const names of Object.values(CODENAMES))
  for (const [name, version] of Object.entries(names))
    if (!EVERYDAY.has(name)) ALONE.set(name, version);
const NAMES = Object.values(CODENAMES).flatMap(Object.keys);
const NAMED = new RegExp(
  `\\b(?:(debian|ubuntu|mac\\s?os(?:\\s?x)?)\\s+)?(${NAMES.join('|')})\\b`,
  'gi',
);
const MAY_HOLD = new RegExp(NAMES.join('|'), 'i');

/** The version a codename stands for, given the word before it ("macos"); undefined for any other. */
export function codenameVersion(name: string, system = ''): string | undefined {
  // Own keys only: "constructor name" read Object.prototype.constructor.name, "Object" (decision 250).
  const names = BY_SYSTEM.get(system === 'os' ? 'macos' : system);
  return names?.get(name) ?? ALONE.get(name);
}

/** Each codename's version and where it is written, for the number guard. */
export function codenameVersions(text: string): { at: number; end: number; value: number }[] {
  if (!MAY_HOLD.test(text)) return [];
  const found: { at: number; end: number; value: number }[] = [];
  for (const match of text.matchAll(NAMED)) {
    const system = match[1]?.toLowerCase().replace(/\s|x$/g, '');
    const name = (match[2] ?? '').toLowerCase();
    const version = codenameVersion(name, system);
    if (version === undefined) continue;
    const at = (match.index ?? 0) + match[0].length - name.length;
    found.push({ at, end: at + name.length, value: Number(version) });
  }
  return found;
}
