import type { PiiKind, PiiSpan } from '@tokenwise/pii';

/** A piece of a sentence: plain text, or a value that is personal data of `kind`. */
export type Part = string | { kind: PiiKind; value: string };

export interface LabelledSentence {
  id: string;
  locale: string;
  /** positive (holds labelled values), hard_negative (only look-alikes) or mixed. */
  category: 'positive' | 'hard_negative' | 'mixed';
  /** What the sentence exercises, e.g. 'phone:national', 'negative:order_number'. */
  tags: string[];
  text: string;
  spans: PiiSpan[];
}

export function pii(kind: PiiKind, value: string): Part {
  return { kind, value };
}

/** Joins the parts and records where each labelled value landed. */
export function assemble(parts: readonly Part[]): { text: string; spans: PiiSpan[] } {
  let text = '';
  const spans: PiiSpan[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part;
    } else {
      spans.push({
        kind: part.kind,
        start: text.length,
        end: text.length + part.value.length,
        value: part.value,
      });
      text += part.value;
    }
  }
  return { text, spans };
}
