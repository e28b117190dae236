import type { ReplyPlan } from '../reply-plan.ts';
import { type Json, list, type MockRefusal } from './dialect.ts';

/**
 * The Google Search tool a request offers, checked as Gemini checks it: `googleSearch` from 2.0 on,
 * `googleSearchRetrieval` only before (1.5), which 2.0 and later refuse. True when offered.
 */
export function offeredGoogleSearch(model: string, tools: unknown): boolean | MockRefusal {
  let offered = false;
  for (const tool of list(tools)) {
    if (tool.googleSearchRetrieval !== undefined && !/^gemini-1\./.test(model))
      return {
        status: 400,
        message:
          'google_search_retrieval is not supported; please use google_search field instead.',
      };
    if (tool.googleSearch !== undefined || tool.googleSearchRetrieval !== undefined) offered = true;
  }
  return offered;
}

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * A candidate's `groundingMetadata` as Gemini writes it after a search: the queries it ran, the
 * pages (`groundingChunks[].web`), and per cited passage its segment, whose indexes count UTF-8
 * bytes of the answer's text (a start of 0 is left out, as proto3 JSON leaves zero values out).
 * Streamed, the segments count the whole answer's text, and the metadata comes on the last event.
 */
export function groundingMetadata(plan: ReplyPlan): Json | undefined {
  const grounding = plan.grounding;
  if (!grounding) return undefined;
  return {
    webSearchQueries: grounding.queries,
    searchEntryPoint: { renderedContent: '<div class="container">Google Search</div>' },
    groundingChunks: grounding.pages.map((page) => ({
      web: { uri: page.url, title: page.title },
    })),
    groundingSupports: grounding.cites.map(({ text, pages }) => {
      const at = plan.text.indexOf(text);
      const startIndex = utf8Length(plan.text.slice(0, Math.max(at, 0)));
      return {
        segment: {
          ...(startIndex ? { startIndex } : {}),
          endIndex: startIndex + utf8Length(text),
          text,
        },
        groundingChunkIndices: pages,
      };
    }),
  };
}
