// Spots names from code: anything in backticks, snake_case, camelCase, dotted member paths,
// calls, CLI flags, file names and paths. Two prompts about `getUserById`
// and `getUsersByIds` read almost the same, yet their answers are about different functions.

const PATTERNS: RegExp[] = [
  /`([^`\n]+)`/g,
  /(?<![\w-])(--?[a-z][\w-]*)/gi,
  /(?<![\w/.-])((?:\.{0,2}\/)?[\w.-]+\/[\w./-]+)/g,
  /(?<![\w.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)(?:\(\))?/g,
  /(?<![\w.-])(\.?[\w-]+\.(?:json|ya?ml|toml|ini|env|js|mjs|cjs|ts|tsx|jsx|py|rb|go|rs|java|kt|cs|cpp|c|h|sh|md|txt|csv|sql|lock|xml|html|css|gitignore|dockerignore))\b/gi,
  /(?<![\w.])(\.(?:env|gitignore|dockerignore|npmrc|bashrc|zshrc)[\w.-]*)/g,
  /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g,
  // camelCase needs a capitalised word part: "useEffect", not "macOS" or "iOS". PascalCase words
  // ("HashMap", "PostgreSQL", "GitHub") are left to the entity guard: most are product names.
  /\b([a-z]+(?:[A-Z][a-z0-9]+)+[A-Za-z0-9]*)\b/g,
  /\b([A-Za-z_]\w*\([^()\n]*\))/g,
];

/** Lower-cased identifiers with backticks and a trailing "()" removed, and the text without them. */
export function findIdentifiers(text: string): { identifiers: string[]; rest: string } {
  const identifiers = new Set<string>();
  let rest = text;
  for (const pattern of PATTERNS) {
    rest = rest.replace(pattern, (whole: string, name: string) => {
      const clean = canonicalIdentifier(name);
      if (!clean) return whole;
      identifiers.add(clean);
      return ' '.repeat(whole.length);
    });
  }
  return { identifiers: [...identifiers], rest };
}

/** Empty when the match holds no letter ("50/30/20", "140/90" are numbers, not paths). */
export function canonicalIdentifier(name: string): string {
  const clean = name
    .trim()
    .replace(/\(\)$/, '')
    .replace(/[.,;:?!]+$/, '')
    .toLowerCase();
  return /[a-z]/.test(clean) ? clean : '';
}
