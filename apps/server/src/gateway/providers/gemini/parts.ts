import type { ChatMessage, ContentPart } from '../../types.ts';
import { partImageUrl, partText } from '../shared/content-parts.ts';
import { guessImageType, parseDataUrl } from '../shared/data-url.ts';
import { unsupportedPart } from '../shared/unsupported-part.ts';

export type GeminiPart = Record<string, unknown>;

/** User content as Gemini parts: text, inline data (data: URLs, files, audio), file URIs. */
export function userParts(content: ChatMessage['content']): GeminiPart[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return content.flatMap(contentPart);
}

function contentPart(part: ContentPart): GeminiPart[] {
  const text = partText(part);
  if (text !== undefined) return text ? [{ text }] : [];
  const url = partImageUrl(part) ?? fileDataUrl(part);
  if (url !== undefined) return [mediaPart(url)];
  const audio = (part as { input_audio?: { data?: unknown; format?: unknown } }).input_audio;
  if (part.type === 'input_audio' && typeof audio?.data === 'string') {
    return [
      { inlineData: { mimeType: `audio/${String(audio.format ?? 'wav')}`, data: audio.data } },
    ];
  }
  throw unsupportedPart('Gemini', String(part.type));
}

/**
 * data: URLs go inline; other URLs go as fileData, which Gemini fetches itself (its own file
 * URIs, and public http(s) URLs on current models).
 */
function mediaPart(url: string): GeminiPart {
  const inline = parseDataUrl(url);
  if (inline) return { inlineData: { mimeType: inline.mediaType, data: inline.data } };
  return { fileData: { mimeType: guessImageType(url), fileUri: url } };
}

function fileDataUrl(part: ContentPart): string | undefined {
  const file = (part as { file?: { file_data?: unknown } }).file;
  return part.type === 'file' && typeof file?.file_data === 'string' ? file.file_data : undefined;
}
