import { jsonEndpoint } from '../endpoint.ts';
import { EvalList, EvalStats, EvalsQuery, FeedbackRequest, FeedbackResponse } from '../evals.ts';

export const evalEndpoints = {
  list: jsonEndpoint({ method: 'GET', path: '/v1/evals', query: EvalsQuery, response: EvalList }),
  stats: jsonEndpoint({ method: 'GET', path: '/v1/evals/stats', response: EvalStats }),
  /** Sent with a session (not read-only) or with the gateway API key of the request. */
  feedback: jsonEndpoint({
    method: 'POST',
    path: '/v1/evals/feedback',
    body: FeedbackRequest,
    response: FeedbackResponse,
  }),
};
