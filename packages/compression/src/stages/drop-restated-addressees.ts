// A pasted email names its sender and recipient twice: in the headers and again in the greeting
// ("Dear Gordon Lehner," under "To: Gordon Lehner") and the signature (the "From:" name on a line
// of its own). The second naming says nothing the headers do not, so it goes; a greeting or
// signature whose name no header gives stays, since it is then the only place the name is said.
import { closeGaps } from '../text/close-gaps.ts';

const TO = /^To:[ \t]*([^<\n,;]+?)[ \t]*(?:<[^>\n]*>)?[ \t]*$/im;
const FROM = /^From:[ \t]*([^<\n,;]+?)[ \t]*(?:<[^>\n]*>)?[ \t]*$/im;
const GREETING =
  /^(?:dear|hello|hi|hey|good (?:morning|afternoon|evening))[ \t]+(.+?)[,:!]?[ \t]*$/i;

export function dropRestatedAddressees(text: string): string {
  if (!text.includes('From:') && !text.includes('To:')) return text;
  const to = TO.exec(text)?.[1];
  const from = FROM.exec(text)?.[1];
  if (!to && !from) return text;
  const lines = text.split('\n');
  const kept = lines.filter((line) => {
    const trimmed = line.trim();
    if (from && trimmed === from) return false;
    const greeted = to ? GREETING.exec(trimmed)?.[1] : undefined;
    // "Hi Tom," under "To: Tom Eckert": the first name alone is the same person.
    return !(greeted && (greeted === to || greeted === to?.split(' ')[0]));
  });
  if (kept.length === lines.length) return text;
  return closeGaps(kept.join('\n'));
}
