import { jsonEndpoint } from '../endpoint.ts';
import { PiiConfig, SamlConfig, Settings } from '../settings.ts';

/** The account's optimization level. */
export const settingsEndpoints = {
  get: jsonEndpoint({ method: 'GET', path: '/v1/settings', response: Settings }),
  save: jsonEndpoint({ method: 'PUT', path: '/v1/settings', body: Settings, response: Settings }),
};

export const piiEndpoints = {
  get: jsonEndpoint({ method: 'GET', path: '/v1/pii-redaction/config', response: PiiConfig }),
  save: jsonEndpoint({
    method: 'PUT',
    path: '/v1/pii-redaction/config',
    body: PiiConfig,
    response: PiiConfig,
  }),
};

/** Product spec section 7; the server does not serve these yet (the screen shows defaults). */
export const samlEndpoints = {
  get: jsonEndpoint({ method: 'GET', path: '/v1/saml/config', response: SamlConfig }),
  save: jsonEndpoint({
    method: 'PUT',
    path: '/v1/saml/config',
    body: SamlConfig,
    response: SamlConfig,
  }),
};
