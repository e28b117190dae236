import { configEndpoints } from '../endpoint.ts';
import { PiiConfig, SamlConfig, Settings } from '../settings.ts';

/** The account's optimization level. */
export const settingsEndpoints = configEndpoints('/v1/settings', Settings);

export const piiEndpoints = configEndpoints('/v1/pii-redaction/config', PiiConfig);

/** Product spec section 7; the server does not serve these yet (the screen shows defaults). */
export const samlEndpoints = configEndpoints('/v1/saml/config', SamlConfig);
