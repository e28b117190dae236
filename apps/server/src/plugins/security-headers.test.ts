import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

// index.html as `vite build` writes it with html.cspNonce set (apps/web/vite.config.ts).
const BUILT_PAGE = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="TOKENWISE_CSP_NONCE">
<script type="module" crossorigin src="/assets/app.js" nonce="TOKENWISE_CSP_NONCE"></script>
</head><body><div id="root"></div></body></html>`;

describe('security headers', () => {
  let server: TestServer;
  let dist: string;
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'tokenwise-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), BUILT_PAGE);
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
    server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
  });
  after(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('API answers and assets forbid everything a page could do, and switch off browser features', async () => {
    for (const path of ['/healthz', '/v1/nope', '/assets/app.js']) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(
        res.headers.get('content-security-policy'),
        "default-src 'none'; frame-ancestors 'none'",
        path,
      );
      const permissions = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        assert.match(permissions, new RegExp(`(^|, )${feature}=\\(\\)`), `${path} ${feature}`);
      }
    }
  });

  test('the dashboard page: self-only scripts, and a fresh nonce in the header and the page', async () => {
    const nonces = new Set<string>();
    for (const path of ['/login', '/dashboard', '/index.html']) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.status, 200, path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1] ?? '';
      assert.equal(Buffer.from(nonce, 'base64').length, 16, `${path}: 16 random bytes`);
      for (const directive of [
        "script-src 'self'",
        `style-src 'self' 'nonce-${nonce}'`,
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ]) {
        assert.ok(csp.split('; ').includes(directive), `${path}: ${directive} in ${csp}`);
      }
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
      const page = await res.text();
      assert.doesNotMatch(page, /TOKENWISE_CSP_NONCE/, `${path}: the placeholder is filled in`);
      assert.equal(page.split(`nonce="${nonce}"`).length - 1, 2, path);
      nonces.add(nonce);
    }
    assert.equal(nonces.size, 3, 'every load gets its own nonce');
  });
});

describe('Strict-Transport-Security follows PUBLIC_URL', () => {
  // An API answer, a refusal, an unknown path and the gateway: every answer, not only pages.
  const PATHS = ['/healthz', '/v1/auth/me', '/v1/nope', '/v1/chat/completions'];
  const CASES: [string, string, string | null][] = [
    [
      'https: every answer tells browsers to use HTTPS only, for 180 days',
      'https://tokenwise.example.com',
      'max-age=15552000; includeSubDomains',
    ],
    ['plain http: no HSTS, so a local install stays reachable', 'http://localhost:8080', null],
  ];

  for (const [name, publicUrl, expected] of CASES) {
    test(`PUBLIC_URL ${name}`, async () => {
      const server = await startTestServer({ env: { PUBLIC_URL: publicUrl } });
      try {
        for (const path of PATHS) {
          const res = await fetch(`${server.url}${path}`);
          await res.arrayBuffer();
          const got = res.headers.get('strict-transport-security');
          assert.equal(got, expected, `${path} (${res.status})`);
        }
      } finally {
        await server.close();
      }
    });
  }
});
