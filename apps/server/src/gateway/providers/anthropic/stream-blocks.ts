import type { ChatCompletionChunk, Citation, ThinkingDelta } from '../../types.ts';
import { blockAnnotations } from './citation-annotations.ts';

type Json = Record<string, unknown>;
type Delta = ChatCompletionChunk['choices'][number]['delta'];

/**
 * Where each Anthropic content block went: tool_use and thinking blocks are numbered in order of
 * appearance, the way OpenAI numbers tool_calls, so the caller can tell one from the next.
 */
export interface StreamBlocks {
  toolIndexByBlock: Map<number, number>;
  thinkingIndexByBlock: Map<number, number>;
  /** Text blocks, numbered the same way (decision 141). */
  textIndexByBlock: Map<number, number>;
  /** Tool calls (by OpenAI index) whose arguments have begun. */
  toolsWithArguments: Set<number>;
  /**
   * The answer's text so far, in characters, and where each text block began in it: a block
   * that cites a web page spans that much of the text (decision 179).
   */
  textLength: number;
  textStartByBlock: Map<number, number>;
  /** The citations of each text block that has any, by Anthropic block index. */
  citationsByBlock: Map<number, Citation[]>;
  /** The input JSON so far of each web search Claude runs (server_tool_use), by block index. */
  searchInputByBlock: Map<number, string>;
}

/**
 * content_block_start → the deltas opening a text run, tool call or thinking block, if any. A
 * text block may arrive with its citations already filled: each follows the opening as one
 * citation delta, as citations_delta would carry it, and counts toward the block's url_citations.
 */
export function blockStart(event: Json, blocks: StreamBlocks): Delta[] {
  const block = (event.content_block ?? {}) as Json;
  const at = Number(event.index);
  if (block.type === 'text') {
    const index = blocks.textIndexByBlock.size;
    blocks.textIndexByBlock.set(at, index);
    blocks.textStartByBlock.set(at, blocks.textLength);
    // The first block goes on as plain text: only a later or cited one needs its place marked.
    const marked = index > 0 || Array.isArray(block.citations);
    const delta: Delta = marked ? { text_block: { index } } : {};
    if (typeof block.text === 'string' && block.text) {
      delta.content = block.text;
      blocks.textLength += block.text.length;
    }
    const citations = Array.isArray(block.citations)
      ? block.citations.filter((c): c is Citation => !!c && typeof c === 'object')
      : [];
    if (citations.length) blocks.citationsByBlock.set(at, [...citations]);
    const cited = citations.map((citation): Delta => ({ text_block: { index, citation } }));
    return marked || delta.content ? [delta, ...cited] : [];
  }
  if (block.type === 'server_tool_use' && block.name === 'web_search') {
    const input = isFilled(block.input) ? JSON.stringify(block.input) : '';
    blocks.searchInputByBlock.set(at, input);
    return [];
  }
  if (block.type === 'tool_use') {
    const index = blocks.toolIndexByBlock.size;
    blocks.toolIndexByBlock.set(at, index);
    const call = { name: String(block.name), arguments: '' };
    return [{ tool_calls: [{ index, id: String(block.id), type: 'function', function: call }] }];
  }
  if (block.type !== 'thinking' && block.type !== 'redacted_thinking') return [];
  const index = blocks.thinkingIndexByBlock.size;
  blocks.thinkingIndexByBlock.set(at, index);
  const start: ThinkingDelta = { index, type: block.type };
  if (typeof block.thinking === 'string' && block.thinking) start.thinking = block.thinking;
  if (typeof block.signature === 'string' && block.signature) start.signature = block.signature;
  if (typeof block.data === 'string') start.data = block.data;
  return [{ thinking_blocks: [start] }];
}

/**
 * content_block_delta → text, a citation, tool arguments, thinking text or a thinking block's
 * signature.
 */
export function blockDelta(event: Json, blocks: StreamBlocks): Delta | undefined {
  const delta = (event.delta ?? {}) as Json;
  const at = Number(event.index);
  switch (delta.type) {
    case 'text_delta':
      if (typeof delta.text !== 'string' || !delta.text) return undefined;
      blocks.textLength += delta.text.length;
      return { content: delta.text };
    case 'citations_delta': {
      const index = blocks.textIndexByBlock.get(at);
      const citation = delta.citation;
      if (index === undefined || !citation || typeof citation !== 'object') return undefined;
      const cited = blocks.citationsByBlock.get(at);
      if (cited) cited.push(citation as Citation);
      else blocks.citationsByBlock.set(at, [citation as Citation]);
      return { text_block: { index, citation: citation as Json } };
    }
    case 'input_json_delta': {
      const index = blocks.toolIndexByBlock.get(at);
      const json = delta.partial_json;
      const search = blocks.searchInputByBlock.get(at);
      if (search !== undefined && typeof json === 'string') {
        blocks.searchInputByBlock.set(at, search + json);
        return undefined;
      }
      if (index === undefined || typeof json !== 'string' || !json) return undefined;
      blocks.toolsWithArguments.add(index);
      return { tool_calls: [{ index, function: { arguments: json } }] };
    }
    case 'thinking_delta':
    case 'signature_delta': {
      const index = blocks.thinkingIndexByBlock.get(at);
      const field = delta.type === 'thinking_delta' ? 'thinking' : 'signature';
      const value = delta[field];
      if (index === undefined || typeof value !== 'string' || !value) return undefined;
      return { thinking_blocks: [{ index, [field]: value }] };
    }
    default:
      return undefined;
  }
}

/**
 * content_block_stop → a web search's query once its input is whole (decision 185); `{}` for a
 * tool call that had no arguments: Claude streams a call without input as one empty
 * input_json_delta, and OpenAI's form (like its own answers) is '{}', which the SDKs' JSON.parse
 * and tool runners take where '' fails. A text block that cited web pages ends
 * with their url_citations over its text, as OpenAI streams annotations after the text they span.
 */
export function blockStop(event: Json, blocks: StreamBlocks): Delta | undefined {
  const at = Number(event.index);
  const search = blocks.searchInputByBlock.get(at);
  if (search !== undefined) return searchQuery(search);
  const cited = blocks.citationsByBlock.get(at);
  if (cited) return citedPages(cited, blocks.textStartByBlock.get(at) ?? 0, blocks.textLength);
  const index = blocks.toolIndexByBlock.get(at);
  if (index === undefined || blocks.toolsWithArguments.has(index)) return undefined;
  blocks.toolsWithArguments.add(index);
  return { tool_calls: [{ index, function: { arguments: '{}' } }] };
}

/** A whole web search block's query, as decision 185's web_search_queries delta. */
function searchQuery(json: string): Delta | undefined {
  let input: unknown;
  try {
    input = JSON.parse(json || '{}');
  } catch {
    return undefined;
  }
  const query = (input as { query?: unknown } | null)?.query;
  return typeof query === 'string' && query ? { web_search_queries: [query] } : undefined;
}

const isFilled = (input: unknown) =>
  typeof input === 'object' && input !== null && Object.keys(input).length > 0;

function citedPages(citations: Citation[], start: number, end: number): Delta | undefined {
  const annotations = blockAnnotations(citations, start, end);
  return annotations.length ? { annotations } : undefined;
}
