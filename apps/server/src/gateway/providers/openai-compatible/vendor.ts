import type { ProviderId } from '../../types.ts';

/** What differs between vendors that speak the OpenAI Chat Completions wire format. */
export interface OpenAiCompatibleVendor {
  id: ProviderId;
  /** Name used in error messages shown to callers. */
  label: string;
  defaultBaseUrl: string;
  /** Whether the vendor takes `stream_options.include_usage`; without it, usage must come unasked. */
  acceptsStreamOptions: boolean;
  /** Rewrites the chat body after the shared mapping (renamed or rejected fields). */
  adaptChatBody?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Present when the vendor serves /embeddings; rewrites its body after the shared mapping. */
  embeddings?: { adaptBody?: (body: Record<string, unknown>) => Record<string, unknown> };
}
