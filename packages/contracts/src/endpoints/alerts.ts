import { z } from 'zod';
import {
  Alert,
  AlertHistoryEntry,
  AlertHistoryQuery,
  AlertInput,
  AlertToggle,
  AlertWithSecret,
  TestNotificationResponse,
  WebhookSecretResponse,
} from '../alerts.ts';
import { IdParams, SuccessResponse } from '../common.ts';
import { jsonEndpoint } from '../endpoint.ts';

/** The active account's alerts (spec section 7). */
export const alertEndpoints = {
  list: jsonEndpoint({ method: 'GET', path: '/v1/alerts', response: z.array(Alert) }),
  /** Answers the webhook signing secret this once. */
  create: jsonEndpoint({
    method: 'POST',
    path: '/v1/alerts',
    body: AlertInput,
    response: AlertWithSecret,
    status: 201,
  }),
  /** Newest first; declared before `/:id` only for readers, the router matches static paths first. */
  history: jsonEndpoint({
    method: 'GET',
    path: '/v1/alerts/history',
    query: AlertHistoryQuery,
    response: z.array(AlertHistoryEntry),
  }),
  get: jsonEndpoint({ method: 'GET', path: '/v1/alerts/:id', params: IdParams, response: Alert }),
  /**
   * The whole alert, or only `{enabled}` (the list's toggle); fields left out keep their stored
   * values (the server lays the body over the alert, then checks it as the form; decision 098).
   */
  update: jsonEndpoint({
    method: 'PUT',
    path: '/v1/alerts/:id',
    params: IdParams,
    body: z.union([AlertToggle.strict(), AlertInput]),
    response: Alert,
  }),
  delete: jsonEndpoint({
    method: 'DELETE',
    path: '/v1/alerts/:id',
    params: IdParams,
    response: SuccessResponse,
  }),
  test: jsonEndpoint({
    method: 'POST',
    path: '/v1/alerts/:id/test',
    params: IdParams,
    response: TestNotificationResponse,
  }),
  /** A new signing secret, answered once; the old one stops working at once. */
  rotateSecret: jsonEndpoint({
    method: 'POST',
    path: '/v1/alerts/:id/webhook-secret',
    params: IdParams,
    response: WebhookSecretResponse,
  }),
};
