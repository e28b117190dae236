import { endpoints } from '@tokenwise/contracts';
import { useSaveConfig } from '../../../lib/endpoint-mutation.ts';
import { SAML_CONFIG_QUERY_KEY } from './get-saml-config.ts';

export function useSaveSamlConfig() {
  return useSaveConfig(endpoints.saml.save, SAML_CONFIG_QUERY_KEY);
}
