import { setTimeout as sleep } from 'node:timers/promises';
import { tooManyRequests } from '../../errors/app-error.ts';
import { clientAddressKey } from '../../lib/client-address-key.ts';
import { type CounterStore, limitNow } from '../../lib/counter-store.ts';
import { describeWait } from '../../lib/describe-wait.ts';

const MINUTE = 60 * 1000;
// One (email, address) pair: a few typos are free, then each failure doubles the wait. This is
// what stops a guesser, and it never touches the owner signing in from another address.
const FREE_FAILURES_PER_PAIR = 3;
const PAIR_WINDOW_MS = 60 * MINUTE;
const MAX_DELAY_MS = 15 * MINUTE;
// One address spraying many emails.
const MAX_FAILURES_PER_IP = 30;
// Guessing one email from many addresses. Far above what the pair delays let one address reach,
// and addresses that signed in to the email before are exempt, so it cannot lock the owner out.
const MAX_FAILURES_PER_EMAIL = 100;
const LIMIT_WINDOW_MS = 15 * MINUTE;
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;
// One attempt per pair at a time, on every instance: checked side by side, a burst of guesses all
// passed the check before the first failure was counted (40 of 40 tried where 4 are free).
// Bounds how long the claim of an instance that died mid-attempt stays. Likewise, attempts of an
// address or at an email still being checked count against its limit until they end: a burst
// over 60 emails from one address had all 60 checked where the address may fail 30 times.
const ATTEMPT_MS = 10 * 1000;
// Attempts at one pair take turns rather than being refused: a second tab, or a test suite's
// workers sharing one user, signing in at the same moment must get in with the right password.
// Each waits for the one before to be decided, so it still sees that one's failure counted. A few
// may wait at once on each instance (each polls the store); more are refused, as all were before.
const MAX_WAITING_PER_PAIR = 10;
const TURN_POLL_MS = 25;

const LOCKED_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

// A space appears in neither an address nor a valid email, so pair keys cannot collide. An IPv6
// client is one address across its /64: a host picks any address in it, and a fresh one for each
// guess renewed every per-address count.
const keys = (email: string, address: string) => {
  const ip = clientAddressKey(address);
  return {
    ip: `login:ip:${ip}`,
    email: `login:email:${email}`,
    pair: `login:pair:${ip} ${email}`,
    wait: `login:wait:${ip} ${email}`,
    known: `login:known:${ip} ${email}`,
    attempt: `login:attempt:${ip} ${email}`,
    checkingIp: `login:checking-ip:${ip}`,
    checkingEmail: `login:checking-email:${email}`,
  };
};

/**
 * Throws a 429 while this address must wait before trying this email again, or while another of
 * its attempts at this email is being checked; otherwise returns the claim's release, to call
 * once the attempt's outcome is recorded.
 */
export async function claimLoginAttempt(
  counters: CounterStore,
  email: string,
  ip: string,
): Promise<() => Promise<void>> {
  const k = keys(email, ip);
  await takeTurn(counters, k);
  const [checkingIp, checkingEmail] = await Promise.all([
    counters.increment(k.checkingIp, ATTEMPT_MS),
    counters.increment(k.checkingEmail, ATTEMPT_MS),
  ]);
  const release = async () => {
    await Promise.all([
      counters.reset(k.attempt),
      counters.decrement(k.checkingIp),
      counters.decrement(k.checkingEmail),
    ]);
  };
  try {
    // The others being checked, not this one.
    await assertLoginAllowed(counters, email, ip, checkingIp - 1, checkingEmail - 1);
  } catch (err) {
    await release();
    throw err;
  }
  return release;
}

const stillBusy = () =>
  tooManyRequests('A sign-in to this account is already being checked. Please try again.', 1000);

/**
 * Returns once this attempt holds the pair's one claim: at once when no other attempt holds it,
 * else when the one that does releases it (or its claim lapses, if its instance died).
 */
async function takeTurn(counters: CounterStore, k: ReturnType<typeof keys>): Promise<void> {
  if ((await counters.increment(k.attempt, ATTEMPT_MS)) === 1) return;
  const waiting = waitersOf(counters);
  const count = (waiting.get(k.attempt) ?? 0) + 1;
  if (count > MAX_WAITING_PER_PAIR) throw stillBusy();
  waiting.set(k.attempt, count);
  try {
    // Counted in polls, not on the clock: a test's clock may stand still.
    for (let polls = ATTEMPT_MS / TURN_POLL_MS; polls > 0; polls--) {
      await sleep(TURN_POLL_MS);
      // A loser's increment only raises a count the holder's release sets back to 0.
      if ((await counters.increment(k.attempt, ATTEMPT_MS)) === 1) return;
    }
    throw stillBusy();
  } finally {
    const left = (waiting.get(k.attempt) ?? 1) - 1;
    if (left > 0) waiting.set(k.attempt, left);
    else waiting.delete(k.attempt);
  }
}

// The attempts waiting on this instance, by pair. Counted here, not in the store: a store count
// lives in a window that began with the first waiter, and continued waiting outlived it, so the
// bound let 10 more in each window (review, stop 48). Per store, so test servers stay apart.
const waitersByStore = new WeakMap<CounterStore, Map<string, number>>();
function waitersOf(counters: CounterStore): Map<string, number> {
  let waiting = waitersByStore.get(counters);
  if (!waiting) {
    waiting = new Map();
    waitersByStore.set(counters, waiting);
  }
  return waiting;
}

async function assertLoginAllowed(
  counters: CounterStore,
  email: string,
  ip: string,
  checkingIp: number,
  checkingEmail: number,
): Promise<void> {
  const k = keys(email, ip);
  const [waitMs, byIp, byEmail, known] = await Promise.all([
    counters.remainingMs(k.wait),
    counters.get(k.ip),
    counters.get(k.email),
    counters.get(k.known),
  ]);
  if (waitMs > 0) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please wait ${describeWait(waitMs)} and try again.`,
      waitMs,
    );
  }
  // While Redis is lost, this instance's share of each limit (decision 136).
  // A pair that signed in before passes, as at the per-email limit: the address is locked for
  // spraying other emails, and its own users (several people behind one NAT, a test suite on
  // loopback whose wrong-password cases add up) still get in; their pair delays still apply.
  if (byIp + checkingIp >= limitNow(counters, MAX_FAILURES_PER_IP) && !known) {
    throw tooManyRequests(LOCKED_MESSAGE, await counters.remainingMs(k.ip));
  }
  if (byEmail + checkingEmail >= limitNow(counters, MAX_FAILURES_PER_EMAIL) && !known) {
    throw tooManyRequests(LOCKED_MESSAGE, await counters.remainingMs(k.email));
  }
}

export async function recordLoginFailure(
  counters: CounterStore,
  email: string,
  ip: string,
): Promise<void> {
  const k = keys(email, ip);
  const [pairFailures] = await Promise.all([
    counters.increment(k.pair, PAIR_WINDOW_MS),
    counters.increment(k.ip, LIMIT_WINDOW_MS),
    counters.increment(k.email, LIMIT_WINDOW_MS),
  ]);
  const delay = delayAfterFailures(pairFailures, limitNow(counters, FREE_FAILURES_PER_PAIR));
  if (delay > 0) await counters.increment(k.wait, delay);
}

/**
 * The pair starts afresh, and the address becomes known for this email. The email's own count
 * stays: clearing it would hand a many-address guesser a fresh allowance whenever the owner
 * signs in.
 */
export async function recordLoginSuccess(
  counters: CounterStore,
  email: string,
  ip: string,
): Promise<void> {
  const k = keys(email, ip);
  await Promise.all([counters.reset(k.pair), counters.reset(k.wait), counters.reset(k.known)]);
  await counters.increment(k.known, KNOWN_ADDRESS_MS);
}

/** 0 for the first few (`free`) failures, then 1 s, 2 s, 4 s, … up to 15 minutes. */
export function delayAfterFailures(failures: number, free = FREE_FAILURES_PER_PAIR): number {
  const over = failures - free;
  if (over <= 0) return 0;
  return Math.min(1000 * 2 ** (over - 1), MAX_DELAY_MS);
}
