export { detectPii } from './detect-pii.ts';
export { maskSecrets, SECRET_MASK } from './mask-secrets.ts';
export { type OffsetMap, originalIndex, type SpanSide } from './offset-map.ts';
export {
  ALL_KINDS_PII_CONFIG,
  DEFAULT_PII_CONFIG,
  isKindEnabled,
  type PiiConfig,
} from './pii-config.ts';
export { PII_KINDS, type PiiKind, type PiiSpan } from './pii-kinds.ts';
export { findPlaceholders, formatPlaceholder } from './placeholder.ts';
export { RedactionSession, type RedactionState } from './redaction-session.ts';
export type { StreamRestorer } from './stream-restorer.ts';
