import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput, JsonEndpoint } from '@tokenwise/contracts';
import { callAnyEndpoint } from './api-client.ts';

/**
 * A mutation calling one endpoint, after which the list it changed refetches (`invalidates`), so
 * the screen shows the change without a reload. `toInput` turns what the screen passes to
 * `mutate` (an id, a form's values) into the endpoint's params and body.
 */
export function useEndpointMutation<E extends JsonEndpoint, Variables>(
  endpoint: E,
  invalidates: QueryKey,
  toInput: (variables: Variables) => EndpointInput<E>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => callAnyEndpoint(endpoint, toInput(variables)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
}

/** Deleting one row by its id (`DELETE …/:id`), then refetching its list. */
export function useDeleteById<E extends JsonEndpoint>(endpoint: E, invalidates: QueryKey) {
  return useEndpointMutation(
    endpoint,
    invalidates,
    (id: string) => ({ params: { id } }) as EndpointInput<E>,
  );
}

/**
 * Saving a settings form whose answer is the state as stored: it goes into the cache at once, so
 * the form compares against it without a flash of 'unsaved changes' while the refetch runs.
 */
export function useStoringMutation<Body, Saved>(
  save: (body: Body) => Promise<Saved>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** `useStoringMutation` for a `PUT` whose body is the whole config and whose answer is the same. */
export function useSaveConfig<E extends JsonEndpoint>(endpoint: E, queryKey: QueryKey) {
  return useStoringMutation(
    (body: EndpointInput<E>['body']) => callAnyEndpoint(endpoint, { body } as EndpointInput<E>),
    queryKey,
  );
}
