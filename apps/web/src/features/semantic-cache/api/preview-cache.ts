import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type CacheRefusal =
  | 'negation'
  | 'number'
  | 'date'
  | 'entity'
  | 'code_identifier'
  | 'threshold';

/** What the cache would do with a prompt, without calling a provider or storing anything. */
export interface CachePreview {
  would_hit: boolean;
  /** Of the best candidate; null when the account has nothing comparable cached. */
  similarity: number | null;
  match: { id: string; prompt_preview: string } | null;
  refused_by: CacheRefusal | null;
  threshold: number;
}

export interface CachePreviewRequest {
  prompt: string;
  model?: string;
}

/** `POST /v1/semantic-cache/preview`. A read, so it invalidates nothing. */
export function previewCache(body: CachePreviewRequest): Promise<CachePreview> {
  return apiRequest<CachePreview>('/v1/semantic-cache/preview', { method: 'POST', body });
}

export function usePreviewCache() {
  return useMutation({ mutationFn: previewCache });
}
