import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  alertCount,
  deleteConfirmText,
  formatThreshold,
  historyBadges,
  THRESHOLD_DESCRIPTIONS,
  testFailedMessage,
  testSentMessage,
} from './alert-display.ts';

test('thresholds by type: dollars with 2 decimals, percent, count plus tokens', () => {
  assert.equal(formatThreshold('budget_limit', 100), '$100.00');
  assert.equal(formatThreshold('budget_limit', 1234.5), '$1,234.50');
  assert.equal(formatThreshold('cost_spike', 50), '50%');
  assert.equal(formatThreshold('error_rate', 5), '5%');
  assert.equal(formatThreshold('error_rate', 100 / 3), '33.33%');
  assert.equal(formatThreshold('cost_spike', 1500), '1,500%');
  assert.equal(formatThreshold('token_quota', 1_000_000), '1,000,000 tokens');
});

test('the test-notification sentence joins the channels with "and"', () => {
  assert.equal(
    testSentMessage('Budget', ['email', 'webhook']),
    'Test notification sent for "Budget"! Check your email and webhook for the test message.',
  );
  assert.equal(
    testSentMessage('B', ['webhook']),
    'Test notification sent for "B"! Check your webhook for the test message.',
  );
});

test('a test that reached one channel and not the other says which failed and why', () => {
  assert.equal(testFailedMessage({}), null);
  assert.equal(testFailedMessage(undefined), null);
  assert.equal(
    testFailedMessage({ email: 'Greeting never received' }),
    'The test email failed: Greeting never received',
  );
});

test('the delete confirm does not say the history goes: it stays (decision 102)', () => {
  const text = deleteConfirmText('Budget');
  assert.match(text, /^Delete the alert "Budget"\?/);
  assert.doesNotMatch(text, /history goes/i);
  assert.match(text, /stay under Recent Alerts/);
});

test('the count label is singular for one', () => {
  assert.deepEqual(
    [alertCount(0), alertCount(1), alertCount(2)],
    ['0 alerts', '1 alert', '2 alerts'],
  );
});

test('the token threshold says it counts what the quota counts, not every token', () => {
  const text = THRESHOLD_DESCRIPTIONS.token_quota;
  assert.match(text, /counted against the monthly quota/);
  assert.match(text, /prompt tokens of optimized requests/);
  assert.match(text, /calendar month/);
});

test('a Recent Alerts entry says which channel failed, the webhook too', () => {
  const entry = {
    kind: 'crossed' as const,
    email_sent: false,
    webhook_sent: false,
    email_error: null,
    webhook_error: 'Webhook answered HTTP 404',
  };
  assert.deepEqual(
    historyBadges(entry).map((b) => b.label),
    ['Webhook Failed'],
  );
  assert.deepEqual(
    historyBadges({ ...entry, kind: 'forecast', email_sent: true, webhook_error: null }).map(
      (b) => b.label,
    ),
    ['Forecast', 'Email Sent'],
  );
  assert.deepEqual(
    historyBadges({
      ...entry,
      webhook_sent: true,
      webhook_error: null,
      email_error: 'Timeout',
    }).map((b) => b.label),
    ['Webhook Sent', 'Email Failed'],
  );
});
