// A line that only announces what follows ("Here are the search results I found:", "Here is the text:", "The following are
// the documents:") says nothing the following text does not show. Only a whole line of this
// closed list goes: a label that names what follows ("Context:", "The data:") stays.
import { closeGaps } from '../text/close-gaps.ts';

const META_LABEL =
  /^[ \t]*(?:here (?:is|are) (?:the )?(?:search )?results? i found|here(?: is|'s| are)(?: the)? (?:text|document|documents|context|email|results?)|the following (?:is|are)(?: the)? (?:text|document|documents|context|email|results?)|below (?:is|are)(?: the)? (?:text|document|documents|context|email|results?))[ \t]*:[ \t]*$/gim;

export function dropMetaLabels(text: string): string {
  if (!text.includes(':')) return text;
  const out = text.replace(META_LABEL, '');
  if (out === text) return text;
  return closeGaps(out);
}
