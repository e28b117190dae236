import { jsonEndpoint } from '../endpoint.ts';
import { GettingStarted } from '../getting-started.ts';

export const gettingStartedEndpoints = {
  status: jsonEndpoint({ method: 'GET', path: '/v1/getting-started', response: GettingStarted }),
};
