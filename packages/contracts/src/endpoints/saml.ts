import { AuthResponse } from '../auth.ts';
import { configEndpoints, jsonEndpoint } from '../endpoint.ts';
import { SamlCodeExchange, SamlDiscoverQuery, SamlDiscoverResponse } from '../saml.ts';
import { SamlConfig, SamlConfigUpdate } from '../settings.ts';

/**
 * The account's identity provider (spec section 7), and the trade of the ACS's one-time code for
 * a session. The service-provider routes themselves (metadata XML, login redirect, ACS and SLS
 * form posts) speak SAML, not JSON, and are listed with their reasons in the contract test.
 */
export const samlEndpoints = {
  ...configEndpoints('/v1/saml/config', SamlConfig, SamlConfigUpdate),
  /** 404 with a message when no SSO is set up for that email or account. */
  discover: jsonEndpoint({
    method: 'GET',
    path: '/v1/saml/discover',
    query: SamlDiscoverQuery,
    response: SamlDiscoverResponse,
    public: true,
  }),
  exchangeCode: jsonEndpoint({
    method: 'POST',
    path: '/v1/saml/session',
    body: SamlCodeExchange,
    response: AuthResponse,
    public: true,
  }),
};
