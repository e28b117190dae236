/** A run of text on one side of the comparison; `changed` marks words the other side lacks. */
export interface DiffSegment {
  text: string;
  changed: boolean;
}

export interface TextDiff {
  /** The original text; changed runs were removed by optimization. */
  original: DiffSegment[];
  /** The optimized text; changed runs were added or rewritten by it. */
  optimized: DiffSegment[];
}

/**
 * Past this many cells the LCS table is not built (a 2,000 × 2,000-word middle is 4M cells, about
 * 16 MB): the differing middle is then marked changed as a whole, which is still true, only coarse.
 */
const MAX_TABLE_CELLS = 4_000_000;

interface Word {
  /** Compared: the word without the whitespace around it. */
  key: string;
  /** Shown: the word with the whitespace that follows it, so each side is rebuilt exactly. */
  text: string;
}

function splitWords(text: string): { lead: string; words: Word[] } {
  const lead = /^\s*/.exec(text)?.[0] ?? '';
  const words = [...text.slice(lead.length).matchAll(/\S+\s*/g)].map(([chunk]) => ({
    key: chunk.trimEnd(),
    text: chunk,
  }));
  return { lead, words };
}

/** Appends a run, merging it into the previous one when both are changed or both unchanged. */
function push(segments: DiffSegment[], text: string, changed: boolean): void {
  if (!text) return;
  const prev = segments.at(-1);
  if (prev && prev.changed === changed) prev.text += text;
  else segments.push({ text, changed });
}

/** Longest common subsequence of two word lists, as a flag per word: is it in the common part? */
function commonWords(a: Word[], b: Word[]): { inA: boolean[]; inB: boolean[] } {
  const inA = new Array<boolean>(a.length).fill(false);
  const inB = new Array<boolean>(b.length).fill(false);
  const width = b.length + 1;
  // lengths[i * width + j]: LCS length of a[i..] and b[j..], filled from the end.
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i]?.key === b[j]?.key
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]?.key === b[j]?.key) {
      inA[i++] = true;
      inB[j++] = true;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) i++;
    else j++;
  }
  return { inA, inB };
}

/**
 * A word-level comparison of the prompt before and after optimization. Words are compared without
 * their surrounding whitespace (so re-spacing alone is not a change) but shown with it, so joining
 * either side's segments gives back that text exactly.
 */
export function diffWords(originalText: string, optimizedText: string): TextDiff {
  const a = splitWords(originalText);
  const b = splitWords(optimizedText);
  const original: DiffSegment[] = [];
  const optimized: DiffSegment[] = [];
  push(original, a.lead, false);
  push(optimized, b.lead, false);

  // Optimizers mostly trim inside a prompt, so the shared start and end are taken off first and
  // only the middle goes through the quadratic table.
  let start = 0;
  while (
    start < a.words.length &&
    start < b.words.length &&
    a.words[start]?.key === b.words[start]?.key
  )
    start++;
  let endA = a.words.length;
  let endB = b.words.length;
  while (endA > start && endB > start && a.words[endA - 1]?.key === b.words[endB - 1]?.key) {
    endA--;
    endB--;
  }
  const midA = a.words.slice(start, endA);
  const midB = b.words.slice(start, endB);
  const { inA, inB } =
    (midA.length + 1) * (midB.length + 1) <= MAX_TABLE_CELLS
      ? commonWords(midA, midB)
      : { inA: midA.map(() => false), inB: midB.map(() => false) };

  const emit = (segments: DiffSegment[], words: Word[], end: number, common: boolean[]) => {
    for (const [k, word] of words.entries()) {
      const inMiddle = k >= start && k < end;
      push(segments, word.text, inMiddle && !common[k - start]);
    }
  };
  emit(original, a.words, endA, inA);
  emit(optimized, b.words, endB, inB);
  return { original, optimized };
}
