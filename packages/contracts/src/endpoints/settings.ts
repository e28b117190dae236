import { configEndpoints } from '../endpoint.ts';
import { PiiConfig, PiiConfigUpdate, Settings } from '../settings.ts';

/** The account's optimization level. */
export const settingsEndpoints = configEndpoints('/v1/settings', Settings);

export const piiEndpoints = configEndpoints('/v1/pii-redaction/config', PiiConfig, PiiConfigUpdate);
