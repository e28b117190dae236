/**
 * Decision 223: spec section 3's entities field by field, with section 4's transitions and section
 * 9's limits at their boundaries, probed as a suite written only from the product spec would: the
 * real server on loopback (mock upstream for gateway traffic, a clock the probe moves), a fresh
 * SQLite file, or PostgreSQL with DATABASE_URL=postgres://…; answers read as plain JSON. Prints a
 * line per check, `doc` where an earlier decision chose the difference; exits 1 on a failure.
 *
 *   node --import tsx bench/support/spec-fields-probe.ts
 */
import { billing, configs, team } from './spec-probe/account-settings.ts';
import { admin, alerts, otherAccount, passwords } from './spec-probe/alerts-and-access.ts';
import { summary } from './spec-probe/checks.ts';
import { evals, routingAndSavings, semanticCache } from './spec-probe/features.ts';
import { startProbe } from './spec-probe/probe-context.ts';
import { analytics, keys, session } from './spec-probe/session-and-requests.ts';

const p = await startProbe();
try {
  await session(p);
  const { requestId } = await analytics(p);
  const keyIds = await keys(p);
  await configs(p);
  await billing(p);
  await team(p);
  await semanticCache(p);
  await routingAndSavings(p);
  await evals(p);
  const { alertId } = await alerts(p);
  await passwords(p);
  const other = await otherAccount(p, { requestId, ...keyIds, alertId });
  await admin(p, other);
} finally {
  await p.f.close();
}
process.exitCode = summary() ? 1 : 0;
