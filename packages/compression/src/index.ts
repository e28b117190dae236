export {
  type ChatMessageLike,
  type CompressionResult,
  type CompressMessagesOptions,
  compressMessages,
} from './compress-messages.ts';
export {
  type CompressTextOptions,
  compressText,
  compressTextWithStages,
  type MessageRole,
  type TextCompression,
} from './compress-text.ts';
export { countTokens, type TokenEncoding } from './count-tokens.ts';
export {
  COMPRESSION_LEVELS,
  type CompressionLevel,
  DEFAULT_COMPRESSION_LEVEL,
  isCompressionLevel,
  LEVEL_BANDS,
} from './levels.ts';
