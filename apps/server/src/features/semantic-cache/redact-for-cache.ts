import type { AppDeps } from '../../deps.ts';
import { redactionRefusal, redactPromptTexts } from '../../domain/pii/redact-prompt-texts.ts';
import {
  type AccountSettings,
  piiConfigOf,
} from '../../domain/settings/account-settings.repository.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * Texts the dashboard hands the cache (a warm-up pair, a preview's prompt), in message order,
 * redacted as the gateway redacts a request of the account: so a warmed entry holds placeholders,
 * never the personal data it was sent, and both key on the text a real request is looked up by.
 */
export async function redactForCache(
  deps: AppDeps,
  settings: AccountSettings,
  texts: string[],
): Promise<string[]> {
  if (settings.pii_enabled !== 1) return texts;
  const result = await redactPromptTexts(deps, piiConfigOf(settings), texts);
  if (!result.ok) {
    throw new AppError(
      413,
      'pii_scan_too_costly',
      redactionRefusal(result.problem, deps.config.piiScanBudgetMs),
    );
  }
  return texts.map((text, i) => result.redacted[i] ?? text);
}
