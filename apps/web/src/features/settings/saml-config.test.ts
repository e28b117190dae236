/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { samlServiceProviderUrls } from '@tokenwise/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { DEFAULT_SAML_CONFIG, samlConfigProblem, samlSaveErrorMessage } from './saml-config.ts';

const complete = {
  enabled: true,
  idp_entity_id: 'https://idp.example.com/entity',
  idp_sso_url: 'https://idp.example.com/sso',
  idp_x509_cert: 'MIIC...',
};

describe('SAML service-provider URLs', () => {
  test('sit under /v1/saml/<account>/ on the dashboard origin; the entity id is the metadata URL', () => {
    assert.deepEqual(samlServiceProviderUrls('https://gw.example.com', 'acc-1'), {
      entityId: 'https://gw.example.com/v1/saml/acc-1/metadata',
      metadata: 'https://gw.example.com/v1/saml/acc-1/metadata',
      acs: 'https://gw.example.com/v1/saml/acc-1/acs',
      sls: 'https://gw.example.com/v1/saml/acc-1/sls',
      login: 'https://gw.example.com/v1/saml/acc-1/login',
    });
  });

  test('do not double the slash after an origin that ends with one', () => {
    assert.equal(
      samlServiceProviderUrls('http://localhost:8080/', 'a').acs,
      'http://localhost:8080/v1/saml/a/acs',
    );
  });
});

describe('samlConfigProblem', () => {
  test('accepts the defaults and a complete enabled configuration', () => {
    assert.equal(samlConfigProblem(DEFAULT_SAML_CONFIG), null);
    assert.equal(samlConfigProblem(complete), null);
  });

  test('needs every IdP field before SSO can be switched on', () => {
    assert.match(samlConfigProblem({ ...complete, idp_entity_id: ' ' }) ?? '', /entity ID/);
    assert.match(samlConfigProblem({ ...complete, idp_sso_url: '' }) ?? '', /SSO URL/);
    assert.match(samlConfigProblem({ ...complete, idp_x509_cert: '' }) ?? '', /certificate/);
  });

  test('lets a partial configuration be stored while SSO is off', () => {
    assert.equal(samlConfigProblem({ ...DEFAULT_SAML_CONFIG, idp_entity_id: 'x' }), null);
  });

  test('rejects an SSO URL that is not a URL, on or off', () => {
    assert.match(samlConfigProblem({ ...complete, idp_sso_url: 'idp/sso' }) ?? '', /full URL/);
    assert.match(
      samlConfigProblem({ ...DEFAULT_SAML_CONFIG, idp_sso_url: 'not a url' }) ?? '',
      /full URL/,
    );
  });
});

describe('samlSaveErrorMessage', () => {
  test("says the save failed in the spec's words, then the server's reason", () => {
    const rejected = new ApiError(
      400,
      'invalid_cert',
      'The IdP X.509 certificate is not a valid PEM certificate (-----BEGIN CERTIFICATE----- …)',
    );
    assert.equal(
      samlSaveErrorMessage(rejected),
      'Failed to save SAML configuration: The IdP X.509 certificate is not a valid PEM certificate (-----BEGIN CERTIFICATE----- …)',
    );
  });

  test('says the save failed when the server has no SAML route or gave no reason', () => {
    const missing = new ApiError(404, 'not_found', 'Route PUT /v1/saml/config not found');
    assert.equal(samlSaveErrorMessage(missing), 'Failed to save SAML configuration');
    assert.equal(
      samlSaveErrorMessage(new ApiError(502, undefined, undefined)),
      'Failed to save SAML configuration',
    );
    assert.equal(
      samlSaveErrorMessage(new TypeError('fetch failed')),
      'Failed to save SAML configuration',
    );
  });
});
