// Reads WordNet 3.0 as Debian's wordnet-base installs it (/usr/share/wordnet; Princeton licence,
// /usr/share/doc/wordnet-base/copyright) for the synonym experiments of decision 075. Nothing of
// WordNet is committed: the tools read the installed files.
import { readFileSync } from 'node:fs';

export const PARTS = ['noun', 'verb', 'adj', 'adv'] as const;
export type Part = (typeof PARTS)[number];

/** One sense of a word: its synset ("part:offset"), its number in the index, its tagged uses. */
export interface Sense {
  synset: string;
  part: Part;
  number: number;
  tags: number;
}

/** Relations read between synsets (data.*), by the pointer kinds the experiments compare. */
export type Relation = 'derivation' | 'similar' | 'pertainym' | 'hypernym' | 'hyponym';
const RELATION_OF: Record<string, Relation> = {
  '+': 'derivation',
  '&': 'similar',
  '\\': 'pertainym',
  '@': 'hypernym',
  '@i': 'hypernym',
  '~': 'hyponym',
  '~i': 'hyponym',
};
/** A synset type letter or cntlist.rev digit → its index file (satellites are adjectives). */
const PART_OF: Record<string, Part> = {
  n: 'noun',
  v: 'verb',
  a: 'adj',
  s: 'adj',
  r: 'adv',
  '1': 'noun',
  '2': 'verb',
  '3': 'adj',
  '4': 'adv',
  '5': 'adj',
};

export interface WordNet {
  /** Single lower-case words → their senses, in index order (most tagged first). */
  senses: Map<string, Sense[]>;
  /** "synset word" for every word written with a capital in that synset: a name ("Chang"). */
  names: Set<string>;
  /** Irregular inflections listed in *.exc ("said", "men"): forms of another word. */
  inflected: Set<string>;
  /** synset → its related synsets, by relation. */
  related: Map<string, Map<Relation, string[]>>;
}

export function readWordNet(dir = '/usr/share/wordnet'): WordNet {
  const tags = senseTags(readFileSync(`${dir}/cntlist.rev`, 'utf8'));
  const senses = new Map<string, Sense[]>();
  const names = new Set<string>();
  const inflected = new Set<string>();
  const related = new Map<string, Map<Relation, string[]>>();
  for (const part of PARTS) {
    for (const line of lines(readFileSync(`${dir}/index.${part}`, 'utf8'))) {
      // lemma pos synset_cnt p_cnt ptr… sense_cnt tagsense_cnt offset… (in sense order)
      const fields = line.trim().split(' ');
      const [lemma, , synsetCount, pointerCount] = fields;
      if (!lemma || !/^[a-z]+$/.test(lemma)) continue;
      const offsets = fields.slice(6 + Number(pointerCount)).slice(0, Number(synsetCount));
      const list = senses.get(lemma) ?? [];
      offsets.forEach((offset, i) => {
        const number = i + 1;
        list.push({
          synset: `${part}:${offset}`,
          part,
          number,
          tags: tags.get(`${lemma} ${part} ${number}`) ?? 0,
        });
      });
      senses.set(lemma, list);
    }
    for (const line of lines(readFileSync(`${dir}/data.${part}`, 'utf8'))) {
      // offset lex_filenum ss_type w_cnt(hex) [word lex_id]… p_cnt [symbol offset type st]… | gloss
      const fields = (line.split(' | ')[0] ?? '').split(' ');
      const synset = `${part}:${fields[0]}`;
      const count = Number.parseInt(fields[3] ?? '0', 16);
      for (let i = 0; i < count; i++) {
        const word = fields[4 + 2 * i] ?? '';
        if (/[A-Z]/.test(word)) names.add(`${synset} ${word.toLowerCase()}`);
      }
      const pointers = new Map<Relation, string[]>();
      const first = 5 + 2 * count;
      for (let i = 0; i < Number(fields[first - 1]); i++) {
        const [symbol = '', offset, type = ''] = fields.slice(first + 4 * i, first + 4 * i + 3);
        const relation = RELATION_OF[symbol];
        const target = PART_OF[type];
        if (relation && target)
          pointers.set(relation, [...(pointers.get(relation) ?? []), `${target}:${offset}`]);
      }
      related.set(synset, pointers);
    }
    for (const line of lines(readFileSync(`${dir}/${part}.exc`, 'utf8'))) {
      const [form] = line.split(' ');
      if (form) inflected.add(form);
    }
  }
  return { senses, names, inflected, related };
}

function lines(text: string): string[] {
  // Index and data files open with the licence, each line indented.
  return text.split('\n').filter((line) => line.length > 0 && !line.startsWith(' '));
}

/** "lemma part senseNumber" → tagged uses, from cntlist.rev ("sense_key sense_number tag_cnt"). */
function senseTags(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [key, number, count] = line.split(' ');
    const [lemma, rest] = key?.split('%') ?? [];
    const part = PART_OF[rest?.[0] ?? ''];
    if (!lemma || !part || !number) continue;
    const id = `${lemma} ${part} ${number}`;
    out.set(id, (out.get(id) ?? 0) + Number(count));
  }
  return out;
}
