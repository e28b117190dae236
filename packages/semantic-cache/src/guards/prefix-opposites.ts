// A word and its opposite by prefix: "install" / "uninstall".

/**
 * Prefixes that turn a word into its opposite, undo it or make it another action: "unstaged" /
 * "staged", "uninstall" / "install", "deselect" / "select", "remove" / "move", "reset" / "set",
 * "restart" / "start", "rename" / "name". Such a pair is never two spellings of one word.
 */
const OPPOSITE_PREFIXES = new Set(['un', 'non', 'dis', 'de', 'anti', 're', 'im', 'in', 'ir', 'il']);

function isOppositeByPrefix(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  // endsWith first: it builds nothing, and this runs for every pair of changed words.
  return (
    long.length > short.length &&
    long.endsWith(short) &&
    OPPOSITE_PREFIXES.has(long.slice(0, long.length - short.length))
  );
}

/** A word of one side is the other side's word with one of OPPOSITE_PREFIXES. */
export function hasPrefixOpposite(onlyA: string[], onlyB: string[]): boolean {
  return onlyA.some((x) => onlyB.some((y) => isOppositeByPrefix(x, y)));
}
