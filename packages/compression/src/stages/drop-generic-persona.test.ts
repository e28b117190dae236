import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropGenericPersona } from './drop-generic-persona.ts';

describe('dropGenericPersona', () => {
  it('drops a persona that names only a generic assistant', () => {
    assert.equal(
      dropGenericPersona(
        'You are a friendly and knowledgeable assistant. Answer clearly and concisely.',
      ),
      'Answer clearly and concisely.',
    );
  });

  it('keeps a persona that names a trade, a company or a task', () => {
    for (const text of [
      'You are a travel planning assistant for Acme. Answer briefly.',
      'You are a helpful assistant that answers questions using only the documents. Cite them.',
    ])
      assert.equal(dropGenericPersona(text), text);
  });

  it('keeps a system prompt made of nothing else', () => {
    assert.equal(
      dropGenericPersona('You are a helpful assistant.'),
      'You are a helpful assistant.',
    );
  });
});
