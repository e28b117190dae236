/** One evaluation prompt: a chat request as the gateway would receive it. */
export type PromptKind = 'chat' | 'rag' | 'code' | 'json' | 'system';

export type CorpusMessage = {
  role: 'system' | 'user' | 'assistant';
  content: string;
};

export interface CorpusPrompt {
  id: string;
  kind: PromptKind;
  messages: CorpusMessage[];
}
