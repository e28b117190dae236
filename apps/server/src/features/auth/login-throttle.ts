import { tooManyRequests } from '../../errors/app-error.ts';
import type { CounterStore } from '../../lib/counter-store.ts';

const WINDOW_MS = 15 * 60 * 1000;
// Per email: stops guessing one account's password. Per IP: stops spraying many accounts from one host.
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 30;

const emailKey = (email: string) => `login:email:${email}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

export async function assertLoginAllowed(
  counters: CounterStore,
  email: string,
  ip: string,
): Promise<void> {
  const [byEmail, byIp] = await Promise.all([
    counters.get(emailKey(email)),
    counters.get(ipKey(ip)),
  ]);
  if (byEmail >= MAX_FAILURES_PER_EMAIL || byIp >= MAX_FAILURES_PER_IP) {
    throw tooManyRequests(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
  }
}

export async function recordLoginFailure(
  counters: CounterStore,
  email: string,
  ip: string,
): Promise<void> {
  await Promise.all([
    counters.increment(emailKey(email), WINDOW_MS),
    counters.increment(ipKey(ip), WINDOW_MS),
  ]);
}

export async function clearLoginFailures(counters: CounterStore, email: string): Promise<void> {
  await counters.reset(emailKey(email));
}
