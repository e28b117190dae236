import { useMutation } from '@tanstack/react-query';
import { type CachePreview, type CachePreviewRequest, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

/** `POST /v1/semantic-cache/preview`. A read, so it invalidates nothing. */
export function previewCache(body: CachePreviewRequest): Promise<CachePreview> {
  return callEndpoint(endpoints.semanticCache.preview, { body });
}

export function usePreviewCache() {
  return useMutation({ mutationFn: previewCache });
}
