// Reads the hand-written source texts under eval/data/compress/sources/ that the corpus builders
// combine. Sections are `### title` blocks; dialogue lines start with `user:` / `assistant:`.
import { readFileSync } from 'node:fs';

const dir = new URL('../../data/compress/sources/', import.meta.url);

export interface Section {
  title: string;
  body: string;
}

export function readSections(file: string): Section[] {
  const text = readFileSync(new URL(file, dir), 'utf8');
  return text
    .split(/^### /m)
    .slice(1)
    .map((chunk) => {
      const newline = chunk.indexOf('\n');
      return { title: chunk.slice(0, newline).trim(), body: chunk.slice(newline + 1).trim() };
    });
}

export function readLines(file: string): string[] {
  return readFileSync(new URL(file, dir), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/** Splits a chats.md section into its turns. */
export function parseTurns(body: string): Turn[] {
  return body.split('\n').flatMap((line): Turn[] => {
    const match = /^(user|assistant): (.*)$/.exec(line);
    return match ? [{ role: match[1] as Turn['role'], content: match[2] ?? '' }] : [];
  });
}

/** A code-questions.md section: the question, the fenced code and the optional error output. */
export interface CodeQuestion {
  language: string;
  question: string;
  code: string;
  error: string | null;
}

export function parseCodeQuestion(section: Section): CodeQuestion {
  const question = /^question: (.*)$/m.exec(section.body)?.[1] ?? '';
  const fences = [...section.body.matchAll(/```[a-z]*\n([\s\S]*?)\n```/g)].map((m) => m[1] ?? '');
  const hasError = /^error:$/m.test(section.body);
  return {
    language: /```([a-z]*)/.exec(section.body)?.[1] ?? '',
    question,
    code: fences[0] ?? '',
    error: hasError ? (fences[1] ?? null) : null,
  };
}
