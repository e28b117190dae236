/**
 * Every invalidation-bus topic, in one place: a publisher (a dashboard feature) and its subscriber
 * (usually the gateway) must spell a topic the same way, and neither may import the other.
 */

/** An account's settings changed; message: the account id. */
export const ACCOUNT_SETTINGS_CHANGED_TOPIC = 'account-settings-changed';
/** An account's subscription changed (checkout, a payment provider's webhook); message: the account id. */
export const SUBSCRIPTION_CHANGED_TOPIC = 'subscription-changed';
/** An API key was deleted; message: the key's hash. */
export const API_KEY_DELETED_TOPIC = 'api-key-deleted';
/** An account's provider keys changed; message: the account id. */
export const PROVIDER_KEYS_CHANGED_TOPIC = 'provider-keys-changed';
/** Another instance stored a cache entry; message: the entry id. */
export const CACHE_ENTRY_ADDED_TOPIC = 'cache-entry-added';
/**
 * An account's cache was cleared, whole or by a prompt pattern; message: JSON `{ accountId,
 * pattern? }`. Entries another instance stored before it heard may not have reached the database
 * in time to be deleted with the rest.
 */
export const CACHE_CLEARED_TOPIC = 'cache-cleared';
/** Cache entries were removed; message: a JSON array of entry ids. */
export const CACHE_ENTRIES_REMOVED_TOPIC = 'cache-entries-removed';
