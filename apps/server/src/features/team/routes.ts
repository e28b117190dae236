import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { noStore, serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';
import { invite } from './invite.service.ts';
import * as team from './team.service.ts';
import { NOT_A_MANAGER } from './team-rules.ts';

const api = endpoints.team;

export const teamRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // Everyone sees who is on the team (the screen's list and legend); owners and admins change it.
  const members = access(deps, { roles: ALL_ROLES, subscription: true });
  const managers = access(deps, {
    roles: MANAGER_ROLES,
    subscription: true,
    refusal: NOT_A_MANAGER,
  });

  serve(app, api.get, { preHandler: members }, async (req, _reply, input) =>
    team.getAccount(deps, caller(req), input.params().id),
  );

  // The answer may carry a new user's temporary password.
  serve(app, api.invite, { preHandler: managers, onSend: noStore }, async (req, _reply, input) =>
    invite(deps, caller(req), input.params().id, input.body()),
  );

  serve(app, api.changeRole, { preHandler: managers }, async (req, _reply, input) => {
    const { id, userId } = input.params();
    await team.changeRole(deps, caller(req), { accountId: id, userId }, input.body().role);
    return { success: true } as const;
  });

  serve(app, api.remove, { preHandler: managers }, async (req, _reply, input) => {
    const { id, userId } = input.params();
    await team.removeMember(deps, caller(req), { accountId: id, userId });
    return { success: true } as const;
  });
};
