import { endpoints, SAML_CALLBACK_PATH } from '@tokenwise/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  browserStateCookie,
  clearedBrowserStateCookie,
  readBrowserState,
} from './browser-state.ts';
import {
  acceptResponse,
  discoverAccount,
  exchangeCode,
  loginRedirectUrl,
  metadataXml,
} from './sign-in.service.ts';
import { acceptLogoutRequest } from './sls.service.ts';

const api = endpoints.saml;
const AccountParams = z.object({ accountId: z.string().min(1).max(100) });
/** A signed response with a certificate is a few KB; IdPs that add many attributes reach ~100. */
const SAML_POST_LIMIT = 512 * 1024;

/**
 * The service provider's public routes (no session: the IdP's signature is the credential).
 * Metadata, login start, ACS and SLS speak SAML to the IdP and the browser, not JSON.
 */
export const samlServiceProviderRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  acceptFormPosts(app);

  serve(app, api.discover, {}, async (_req, _reply, input) => {
    const accountId = await discoverAccount(deps, input.query());
    return { login_url: `/v1/saml/${encodeURIComponent(accountId)}/login` };
  });

  serve(app, api.exchangeCode, {}, async (req, reply, input) => {
    const browserState = readBrowserState(req.headers.cookie);
    reply.header('set-cookie', clearedBrowserStateCookie(deps.config.publicUrl));
    return exchangeCode(deps, input.body().code, browserState);
  });

  app.get('/v1/saml/:accountId/metadata', async (req, reply) => {
    const { accountId } = parseInput(AccountParams, req.params);
    return reply.type('application/samlmetadata+xml').send(await metadataXml(deps, accountId));
  });

  app.get('/v1/saml/:accountId/login', async (req, reply) => {
    const { accountId } = parseInput(AccountParams, req.params);
    // This browser's proof that it started the sign-in: back as RelayState, checked at the trade.
    const browserState = randomToken(32);
    const url = await loginRedirectUrl(deps, accountId, browserState, req.ip);
    reply.header('set-cookie', browserStateCookie(browserState, deps.config.publicUrl));
    return reply.redirect(url, 302);
  });

  app.post('/v1/saml/:accountId/acs', { bodyLimit: SAML_POST_LIMIT }, async (req, reply) => {
    const { accountId } = parseInput(AccountParams, req.params);
    const form = formFields(req.body);
    try {
      const code = await acceptResponse(deps, accountId, form.SAMLResponse, form.RelayState);
      return backToApp(reply, { code });
    } catch (err) {
      // The browser arrived by a form post from the IdP: it goes back to the app with the reason.
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      req.log.warn({ accountId, reason: err.message }, 'SAML response refused');
      return backToApp(reply, { error: err.message });
    }
  });

  const logout = async (
    req: { params: unknown; body: unknown; query: unknown; url: string },
    reply: FastifyReply,
  ) => {
    const { accountId } = parseInput(AccountParams, req.params);
    await acceptLogoutRequest(deps, accountId, {
      body: formFields(req.body),
      query: formFields(req.query),
      rawQuery: req.url.slice(req.url.indexOf('?') + 1),
    });
    return reply.type('text/plain; charset=utf-8').send('You are signed out of Tokenwise.');
  };
  app.get('/v1/saml/:accountId/sls', logout);
  app.post('/v1/saml/:accountId/sls', { bodyLimit: SAML_POST_LIMIT }, logout);
};

/** IdPs post HTML forms; parsed only inside this plugin, every other route stays JSON-only. */
function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    async (_req: unknown, body: string) => Object.fromEntries(new URLSearchParams(body)),
  );
}

function formFields(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** The code (or the refusal) rides in the fragment: browsers send fragments to no server. */
function backToApp(reply: FastifyReply, fields: Record<string, string>) {
  const fragment = new URLSearchParams(fields).toString();
  return reply.redirect(`${SAML_CALLBACK_PATH}#${fragment}`, 303);
}
