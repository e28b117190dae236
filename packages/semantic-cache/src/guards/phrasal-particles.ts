// The particle a phrasal verb takes, where the particle makes the verb mean another thing:
// "talk me out of buying" / "talk me through buying", "opt in to" / "opt out of", "check in" /
// "check out". The same verb with another particle asks another thing.

/**
 * Verbs whose particle reverses or changes what they ask. Logging and signing in/out are read as
 * the enable pair as well (negation.ts, ON_OFF); here they also tell "sign up" from "sign in".
 * Turning and switching are left to that pair alone: "turn on" / "turn up" the volume agree.
 * "logs", "signs", "checks" and "backs" are left out: as often nouns ("the logs in kibana").
 */
const PARTICLE_VERBS = [
  'talk|talks|talked|talking|opt|opts|opted|opting|grow|grows|grew|grown|growing',
  'zoom|zooms|zoomed|zooming|log|logged|logging|sign|signed|signing',
  'check|checked|checking|back|backed|backing',
  // "scale up" adds to a machine, "scale out" adds machines, "scale down" removes (review of 233).
  'scale|scales|scaled|scaling',
].join('|');
/**
 * Only a pronoun stands between verb and particle ("talk me out of", "sign them up"): with a noun
 * between, "in" is as often a preposition ("check the logs in kibana").
 */
const PRONOUNS = 'me|you|him|her|it|us|them|myself|yourself|himself|herself|ourselves|themselves';
const PARTICLE = 'in\\s+to|into|in|out\\s+of|out|through|up|down|on|off|over|back';
const PHRASAL = new RegExp(
  `\\b(${PARTICLE_VERBS})(?:\\s+(?:${PRONOUNS}))?\\s+(${PARTICLE})\\b`,
  'gi',
);

/**
 * "logged" and "logging" are "log", "grew" is "grow", "scaled" is "scale": the verb as the particle
 * map keys it.
 */
function verbOf(form: string): string {
  const word = form.toLowerCase();
  if (word === 'grew' || word === 'grown') return 'grow';
  if (word.startsWith('scal')) return 'scale';
  return word.replace(/(?:ged|ging)$/, 'g').replace(/(?:es|ed|ing|s)$/, '') || word;
}

/** Particles one verb takes to say one thing: "log on" is "log in", "sign off" is "sign out". */
const SAME_PARTICLE: Record<string, Record<string, string>> = {
  log: { on: 'in', off: 'out' },
  sign: { on: 'in', off: 'out' },
};

/** "in to" and "into" are one particle, as are "out of" and "out". */
function particleOf(verb: string, form: string): string {
  const first = form.toLowerCase().split(/\s+/)[0] as string;
  const particle = first === 'into' ? 'in' : first;
  return SAME_PARTICLE[verb]?.[particle] ?? particle;
}

/** Each phrasal verb of a text and the particles it takes there. */
export function phrasalParticles(text: string): Map<string, Set<string>> {
  const particles = new Map<string, Set<string>>();
  for (const match of text.matchAll(PHRASAL)) {
    const verb = verbOf(match[1] ?? '');
    const set = particles.get(verb) ?? new Set<string>();
    set.add(particleOf(verb, match[2] ?? ''));
    particles.set(verb, set);
  }
  return particles;
}

/**
 * One verb with one particle on each side, not the same: "talk me out of" / "talk me through".
 * A side naming two particles of the verb ("log in and out") takes no side.
 */
export function particlesDiffer(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  for (const [verb, onA] of a) {
    const onB = b.get(verb);
    if (!onB || onA.size !== 1 || onB.size !== 1) continue;
    if ([...onA][0] !== [...onB][0]) return true;
  }
  return false;
}
