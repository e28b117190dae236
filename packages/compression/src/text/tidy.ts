// Repairs the seams that removals leave: doubled spaces, a space before punctuation, a comma
// before a full stop, the full stop of a sentence pruned away, lines emptied down to punctuation
// (not the dot of a name such as ".env" that a line opens with once the words before it went).
// Indentation is left as it was.
export function tidy(text: string): string {
  return text
    .replace(/[,;:]+(?=[.!?])|,(?=,)|(?<=[.!?]),/g, '')
    .replace(/([.!?])(?: +[.!?])+(?=\s|$)|(?<!\.)(\.)\.(?!\.)/g, '$1$2')
    .replace(/(?<=\S) +(?=[,.;:!?](?:\s|$))|[ \t]+$/gm, '')
    .replace(/(\S) {2,}/g, '$1 ')
    .replace(/^[ \t]*[,;:.](?![\w\uE000])[ \t]*/gm, '')
    .replace(/\n{3,}|^\n+|\n+$/g, (run, offset: number, whole: string) =>
      offset === 0 || offset + run.length === whole.length ? '' : '\n\n',
    );
}
