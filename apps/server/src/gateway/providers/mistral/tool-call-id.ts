import { createHash } from 'node:crypto';

const MISTRAL_ID = /^[a-zA-Z0-9]{9}$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Mistral only accepts tool call ids of nine letters or digits, so ids minted elsewhere
 * (`call_…`, `toolu_…`) are rewritten. The rewrite is a hash, so an assistant's tool call and the
 * tool message answering it still carry the same id.
 */
export function mistralToolCallId(id: string): string {
  if (MISTRAL_ID.test(id)) return id;
  const digest = createHash('sha256').update(id).digest();
  let out = '';
  for (let i = 0; i < 9; i++) out += ALPHABET[(digest[i] ?? 0) % ALPHABET.length];
  return out;
}
