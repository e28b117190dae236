/**
 * Invalidation patterns over an entry's queryText, case-insensitive. A pattern with '*' is a glob
 * over the whole text ('*' = any run of characters, so "how do i *" matches every question
 * starting that way); a pattern without '*' matches anywhere in the text ("refund"). An empty
 * pattern matches everything.
 */
export function compileQueryPattern(pattern: string): (text: string) => boolean {
  const needle = pattern.trim().toLowerCase();
  if (!needle) return () => true;
  if (!needle.includes('*')) return (text) => text.toLowerCase().includes(needle);
  const source = needle
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  const regex = new RegExp(`^${source}$`, 'i');
  return (text) => regex.test(text.trim());
}
