// What the text around a phone candidate says, worked out once and only when asked.
import type { DigitGroup, PhoneCandidate } from './phone-candidates.ts';
import { hasPhoneCueAround } from './phone-cues.ts';
import { hasDateWordAround } from './phone-date-words.ts';
import { UNSPACED_SCRIPT } from './phone-edges.ts';
import { isNamedAfter, isNamedAsReference } from './phone-references.ts';
import {
  countryNamedAround,
  type NamedCountry,
  type NamedRegion,
  regionNamedAround,
} from './phone-regions.ts';
import { lineAfter, lineBefore } from './text-context.ts';

const HANGUL = /\p{Script=Hangul}/u;
const HAN = /^\p{Script=Han}$/u;
const NEXT_TO_BEFORE = /(.)[\s:：,，、]*$/u;
const NEXT_TO_AFTER = /^[\s,，。、;；!！?？)）]*(.)/u;

/** Per-candidate facts computed once, only when a check needs them. */
export class CandidateContext {
  #cue: boolean | undefined;
  #reference: boolean | undefined;
  #region: NamedRegion | undefined | null = null;
  #country: NamedCountry | undefined | null = null;
  #script: 'korean' | 'cjk' | undefined | null = null;
  constructor(
    readonly text: string,
    readonly candidate: PhoneCandidate,
  ) {}
  /** The East Asian script of the line around the number, whose national plans come first. */
  get script(): 'korean' | 'cjk' | undefined {
    if (this.#script === null) {
      const around =
        lineBefore(this.text, this.candidate.start, 24) +
        lineAfter(this.text, this.candidate.end, 24);
      this.#script = HANGUL.test(around)
        ? 'korean'
        : UNSPACED_SCRIPT.test(around)
          ? 'cjk'
          : undefined;
    }
    return this.#script;
  }
  /**
   * Whether a Chinese character stands right before or after the number, past spaces and the
   * punctuation that sets a number off in a sentence ("号码：…", "…，李四").
   */
  get touchesChinese(): boolean {
    const before = NEXT_TO_BEFORE.exec(lineBefore(this.text, this.candidate.start, 4));
    const after = NEXT_TO_AFTER.exec(lineAfter(this.text, this.candidate.end, 4));
    return HAN.test(before?.[1] ?? '') || HAN.test(after?.[1] ?? '');
  }
  get hasPhoneCue(): boolean {
    this.#cue ??= hasPhoneCueAround(this.text, this.candidate.start, this.candidate.end);
    return this.#cue;
  }
  /** A chapter, section, page or room names the number ("Kapitel 030 123 4567"). */
  get isNamedAsReference(): boolean {
    this.#reference ??= isNamedAsReference(this.text, this.candidate.start);
    return this.#reference;
  }
  /** A noun right after the number says what it counts or where it is ("… rows", "… in table 4"). */
  isNamedAfter(end: number): boolean {
    return isNamedAfter(this.text, end);
  }
  /**
   * A date word or another date among the few words around the groups, the candidate's own
   * other groups included ("Sprint 08-11 to 08-25 2025", "01.03 2025 - 31.03 2025").
   */
  hasDateWordAround(groups: readonly DigitGroup[]): boolean {
    const start = groups[0]?.start ?? this.candidate.start;
    return hasDateWordAround(this.text, start, groups[groups.length - 1]?.end ?? start);
  }
  /** Singapore or Hong Kong, named on the line, whose eight-digit plans are read then. */
  get region(): NamedRegion | undefined {
    if (this.#region === null) {
      this.#region = regionNamedAround(this.text, this.candidate.start, this.candidate.end);
    }
    return this.#region;
  }
  /** A country whose plan is read late, named on the line ("Sydney", "Dublin"). */
  get country(): NamedCountry | undefined {
    if (this.#country === null) {
      this.#country = countryNamedAround(this.text, this.candidate.start, this.candidate.end);
    }
    return this.#country;
  }
}
