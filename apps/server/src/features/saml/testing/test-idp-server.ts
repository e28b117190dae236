import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { buildResponse, type ResponseSpec, type SigningIdentity } from './test-idp.ts';

/**
 * A tiny identity provider on loopback for browser tests: GET /sso takes the AuthnRequest
 * (HTTP-Redirect binding), "signs in" `email` and answers with a page that auto-posts the signed
 * response to `acsPostUrl` (HTTP-POST binding), as a real IdP does after its own login.
 */
export async function startTestIdpServer(opts: {
  signer: SigningIdentity;
  email: string;
  /** Where the browser posts (the test server's real port). */
  acsPostUrl: string;
  /** The rest of the response: entity ids and the ACS URL the SP expects in it. */
  spec: Omit<ResponseSpec, 'email' | 'inResponseTo' | 'signer'>;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request = url.searchParams.get('SAMLRequest');
    if (url.pathname !== '/sso' || !request) {
      res.writeHead(404).end();
      return;
    }
    const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
    const inResponseTo = /\sID="([^"]+)"/.exec(xml)?.[1];
    const response = buildResponse({
      ...opts.spec,
      email: opts.email,
      signer: opts.signer,
      ...(inResponseTo ? { inResponseTo } : {}),
    });
    const encoded = Buffer.from(response, 'utf8').toString('base64');
    // As every IdP does, the SP's RelayState goes back with the answer (base64url: safe here).
    const relayState = (url.searchParams.get('RelayState') ?? '').replace(/[^\w-]/g, '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><title>Test IdP</title>' +
        `<form method="post" action="${opts.acsPostUrl}">` +
        `<input type="hidden" name="SAMLResponse" value="${encoded}">` +
        `<input type="hidden" name="RelayState" value="${relayState}">` +
        '<button type="submit">Continue</button></form>' +
        '<script>document.forms[0].submit()</script>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sso`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
