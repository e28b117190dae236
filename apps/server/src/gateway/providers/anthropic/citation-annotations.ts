import type { Citation, CitedTextBlock, UrlCitationAnnotation } from '../../types.ts';

const WEB_ADDRESS = /^https?:\/\//i;

/**
 * The web page a Claude citation names, if it names one: a web search result's `url`, or a
 * search result's `source` when that is a web address (a client tool's results may name their
 * sources otherwise). Document citations (`char_location`, `page_location`,
 * `content_block_location`) point into the caller's own documents and name no page.
 */
function citedPage(citation: Citation): { url: string; title: string } | undefined {
  // A proxy's answer may hold anything in the list; the whole answer is read without a check.
  if (!citation || typeof citation !== 'object') return undefined;
  const url =
    citation.type === 'web_search_result_location'
      ? citation.url
      : citation.type === 'search_result_location'
        ? citation.source
        : undefined;
  if (typeof url !== 'string' || !WEB_ADDRESS.test(url)) return undefined;
  return { url, title: typeof citation.title === 'string' ? citation.title : '' };
}

/**
 * OpenAI's `url_citation`s for the pages a text block cites, spanning the block's text at
 * `start`–`end` of the answer (decision 179). A page cited twice in one block is one annotation.
 */
export function blockAnnotations(
  citations: readonly Citation[],
  start: number,
  end: number,
): UrlCitationAnnotation[] {
  const annotations: UrlCitationAnnotation[] = [];
  const seen = new Set<string>();
  for (const citation of citations) {
    const page = citedPage(citation);
    const key = page && `${page.url}\n${page.title}`;
    if (!page || !key || seen.has(key)) continue;
    seen.add(key);
    annotations.push({
      type: 'url_citation',
      url_citation: { start_index: start, end_index: end, ...page },
    });
  }
  return annotations;
}

/** The url_citations of a whole answer's text blocks, each over its block in the joined text. */
export function answerAnnotations(blocks: readonly CitedTextBlock[]): UrlCitationAnnotation[] {
  const annotations: UrlCitationAnnotation[] = [];
  let at = 0;
  for (const block of blocks) {
    const end = at + block.text.length;
    if (block.citations?.length) annotations.push(...blockAnnotations(block.citations, at, end));
    at = end;
  }
  return annotations;
}
