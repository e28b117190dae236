import type { ChatMessage, ContentPart } from '../../types.ts';

/** The text of a `text` part, or undefined for any other part. */
export function partText(part: ContentPart): string | undefined {
  const p = part as Record<string, unknown>;
  return p.type === 'text' && typeof p.text === 'string' ? p.text : undefined;
}

/** The URL of an `image_url` part (data: or http(s):), or undefined for any other part. */
export function partImageUrl(part: ContentPart): string | undefined {
  const p = part as Record<string, unknown>;
  if (p.type !== 'image_url') return undefined;
  const image = p.image_url as { url?: unknown } | string | undefined;
  // Some callers send the older `image_url: "<url>"` form; accept both.
  if (typeof image === 'string') return image;
  return typeof image?.url === 'string' ? image.url : undefined;
}

/** All text of a message's content, parts joined by newlines; non-text parts are skipped. */
export function contentText(content: ChatMessage['content']): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content
    .map(partText)
    .filter((t): t is string => t !== undefined)
    .join('\n');
}
