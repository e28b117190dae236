import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SamlConfig } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { SAML_CONFIG_QUERY_KEY } from './get-saml-config.ts';

export function saveSamlConfig(body: SamlConfig): Promise<SamlConfig> {
  return callEndpoint(endpoints.saml.save, { body });
}

export function useSaveSamlConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSamlConfig,
    onSuccess: (saved) => {
      queryClient.setQueryData(SAML_CONFIG_QUERY_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: SAML_CONFIG_QUERY_KEY });
    },
  });
}
