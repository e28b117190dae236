/**
 * After whole lines were removed: at most one blank line between parts, none at either end. The
 * stages that drop lines run before others that read paragraphs, so each closes its own gaps.
 */
export function closeGaps(text: string): string {
  return text.replace(/\n{3,}/g, '\n\n').replace(/^\n+|\n+$/g, '');
}
