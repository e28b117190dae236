/**
 * Decision 235: every registered route, from Fastify's route table, sent malformed input (wrong
 * content types, broken and oddly shaped JSON, each field wrongly typed or missing, path params
 * that are not ids or are another account's, bad and repeated query values, methods not taken) as
 * a signed-in owner (superadmin on /v1/admin, a gateway key on the gateway). Reports every 5xx,
 * every 4xx without a JSON message, every 2xx where the contract refuses the input, log lines at
 * error level, and data another account lost. Real server on loopback, SQLite in a temp dir, mock
 * upstream; nothing leaves 127.0.0.1 (loopback-guard.ts). Exits 1 on any finding.
 *
 *   PASSWORD_HASH_COST=10 node --import tsx bench/support/route-fuzz.ts [path-fragment]
 */
import { guardLoopback, refusedHosts } from './route-fuzz/loopback-guard.ts';

guardLoopback();
process.env.PASSWORD_HASH_COST ??= '10';
const { runFuzz } = await import('./route-fuzz/run.ts');
process.exitCode = (await runFuzz(process.argv[2], refusedHosts)) ? 1 : 0;
