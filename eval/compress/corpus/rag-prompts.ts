// RAG requests: a retrieval instruction, 2-5 retrieved chunks (the first one answers the question,
// the rest are the partly relevant neighbours a vector search returns) and the user's question.
import { faker } from '@faker-js/faker';
import { type Entities, fill, pickEntities } from './fill.ts';
import { asPdfExtract, asScrapedPage } from './ingestion-artefacts.ts';
import type { CorpusPrompt } from './prompt.ts';
import { readLines, readSections, type Section } from './sources.ts';

const systemPrompts = [
  'You are a helpful assistant that answers questions using only the provided documents. If the documents do not contain the answer, say so.',
  "Answer the user's question based on the context below. Cite the documents you use with their number in square brackets. If you are unsure, say that you don't know.",
  'You are {company} Assistant. Use the retrieved knowledge base articles to answer. Be concise and do not make up policies that are not in the articles.',
  'You are a research assistant. Read the sources carefully, answer in a neutral tone and mention when sources disagree.',
  'Use the search results to answer the question. Respond in the same language as the question. Keep the answer under 150 words.',
];

function chunkSentences(text: string): [string, string] {
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [text];
  const cut = Math.max(
    2,
    Math.floor(sentences.length * faker.number.float({ min: 0.5, max: 0.7 })),
  );
  const overlap = faker.number.int({ min: 1, max: 2 });
  return [
    sentences.slice(0, cut).join('').trim(),
    sentences
      .slice(cut - overlap)
      .join('')
      .trim(),
  ];
}

/** Renders a chunk the way its ingestion path leaves it, labelled the way that path labels it. */
function ingest(title: string, text: string, e: Entities): { label: string; text: string } {
  const slug = title
    .toLowerCase()
    .replace(/\(.*\)/, '')
    .trim()
    .replace(/[^a-z0-9]+/g, '-');
  const roll = faker.number.float();
  if (roll < 0.3) {
    const id = faker.number.int({ min: 1000, max: 99_999 });
    return {
      label: `https://help.${e.domain}/articles/${id}-${slug}`,
      text: asScrapedPage(text, e),
    };
  }
  if (roll < 0.55) return { label: `${slug}.pdf`, text: asPdfExtract(text, e) };
  return { label: title, text };
}

type Formatter = (index: number, source: string, text: string) => string;
const formats: Formatter[] = [
  (i, s, t) => `[${i}] ${s}\n${t}`,
  (i, s, t) =>
    `<document index="${i}">\n<source>${s}</source>\n<document_content>\n${t}\n</document_content>\n</document>`,
  (i, s, t) => `### Document ${i}: ${s}\n${t}`,
  (_i, s, t) => `Source: ${s}\n${t}\n---`,
];

const framings: ((docs: string, question: string) => string)[] = [
  (d, q) => `Use the following context to answer the question.\n\n${d}\n\nQuestion: ${q}`,
  (d, q) => `Context:\n${d}\n\nUser question: ${q}`,
  (d, q) => `${q}\n\nHere are the search results I found:\n\n${d}`,
  (d, q) => `<context>\n${d}\n</context>\n\nBased only on the context above: ${q}`,
];

export function buildRagPrompts(count: number): CorpusPrompt[] {
  const docs = readSections('documents.md');
  const questions = readLines('rag-questions.txt').map((l) => l.split(' | ') as [string, string]);
  const prompts: CorpusPrompt[] = [];
  for (let n = 0; n < count; n += 1) {
    const e = pickEntities();
    const [titlePrefix, question] = faker.helpers.arrayElement(questions);
    const primary = docs.find((d) => d.title.startsWith(titlePrefix)) as Section;
    const others = faker.helpers.arrayElements(
      docs.filter((d) => d !== primary),
      { min: 1, max: 4 },
    );
    const chunks: { title: string; text: string }[] = [];
    const primaryText = fill(primary.body, e);
    if (faker.datatype.boolean({ probability: 0.4 })) {
      const [first, second] = chunkSentences(primaryText);
      chunks.push({ title: primary.title, text: first }, { title: primary.title, text: second });
    } else chunks.push({ title: primary.title, text: primaryText });
    for (const d of others) chunks.push({ title: d.title, text: fill(d.body, e) });
    const ordered = faker.helpers.shuffle(chunks);
    // Hybrid (keyword + vector) retrieval sometimes returns the same chunk twice.
    if (faker.datatype.boolean({ probability: 0.15 })) {
      ordered.push(faker.helpers.arrayElement(ordered));
    }
    const format = faker.helpers.arrayElement(formats);
    const rendered = ordered
      .map((c, i) => {
        const { label, text } = ingest(c.title, c.text, e);
        return format(i + 1, label, text);
      })
      .join('\n\n');
    const framing = faker.helpers.arrayElement(framings);
    prompts.push({
      id: `rag-${String(n + 1).padStart(3, '0')}`,
      kind: 'rag',
      messages: [
        { role: 'system', content: fill(faker.helpers.arrayElement(systemPrompts), e) },
        { role: 'user', content: framing(rendered, question) },
      ],
    });
  }
  return prompts;
}
