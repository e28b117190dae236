import { AlertToggle, endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';
import * as alerts from './alerts.service.ts';
import type { Channels } from './channels/deliver.ts';

const api = endpoints.alerts;

export const alertRoutes: FastifyPluginAsync<{ deps: AppDeps; channels: Channels }> = async (
  app,
  { deps, channels },
) => {
  // Everyone in the account sees its alerts; owners and admins, who answer for spend, change them.
  const readers = access(deps, { roles: ALL_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  serve(app, api.list, { preHandler: readers }, async (req) =>
    alerts.listAlerts(channels, caller(req)),
  );
  serve(app, api.create, { preHandler: managers }, async (req, _reply, input) =>
    alerts.createAlert(channels, caller(req), input.body()),
  );
  serve(app, api.history, { preHandler: readers }, async (req, _reply, input) =>
    alerts.listHistory(channels, caller(req), input.query().limit),
  );
  serve(app, api.get, { preHandler: readers }, async (req, _reply, input) =>
    alerts.getAlert(channels, caller(req), input.params().id),
  );
  serve(app, api.update, { preHandler: managers }, async (req, _reply, input) => {
    const { id } = input.params();
    // A body of only `enabled` is the list's toggle; anything else is an edit, laid over the stored
    // alert and checked by the form's schema so its messages (not a union's) reach the screen.
    if (isToggle(req.body)) {
      return alerts.setEnabled(
        channels,
        caller(req),
        id,
        parseInput(AlertToggle, req.body).enabled,
      );
    }
    return alerts.updateAlert(channels, caller(req), id, req.body);
  });
  serve(app, api.delete, { preHandler: managers }, async (req, _reply, input) => {
    await alerts.deleteAlert(channels, caller(req), input.params().id);
    return { success: true } as const;
  });
  serve(app, api.test, { preHandler: managers }, async (req, _reply, input) =>
    alerts.sendTest(channels, caller(req), input.params().id),
  );
  serve(app, api.rotateSecret, { preHandler: managers }, async (req, _reply, input) =>
    alerts.rotateSecret(channels, caller(req), input.params().id),
  );
};

function isToggle(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'enabled' in body
  );
}
