// "You are a helpful assistant." tells a model what it already is: no rule, no fact, no task.
// The aggressive level drops such a sentence from a system prompt that says something else too. A
// persona that names a trade or a company ("You are a travel planning assistant for Acme") stays,
// and so does a system prompt made of nothing else, which a provider may need non-empty.
const GENERIC_WORDS =
  'helpful|friendly|knowledgeable|useful|smart|intelligent|capable|polite|kind|honest|harmless|general-purpose';
const GENERIC_PERSONA = new RegExp(
  `(^|(?<=[.!?]\\s))\\s*You are (?:a|an) (?:(?:${GENERIC_WORDS})(?:,? and |, | ))*(?:AI )?assistant\\.(?:[ \\t]+|$)`,
  'gm',
);
const HAS_WORD = /[\p{L}\p{N}]/u;

export function dropGenericPersona(text: string): string {
  const dropped = text.replace(GENERIC_PERSONA, '');
  return dropped !== text && HAS_WORD.test(dropped) ? dropped.trimStart() : text;
}
