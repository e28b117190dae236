/** Who may see an entry: one account, one provider, one model family. */
export interface ScopeParts {
  accountId: string;
  provider: string;
  modelFamily: string;
}

/**
 * "acct_1/openai/gpt-4o": readable in the database and unambiguous, because each part is
 * URI-encoded and so cannot contain the separator.
 */
export function scopeOf(parts: ScopeParts): string {
  return [parts.accountId, parts.provider, parts.modelFamily].map(encodeURIComponent).join('/');
}

export function parseScope(scope: string): ScopeParts {
  const [accountId = '', provider = '', modelFamily = ''] = scope
    .split('/')
    .map(decodeURIComponent);
  return { accountId, provider, modelFamily };
}
