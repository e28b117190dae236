import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import type { Page } from 'playwright-core';
import {
  apiClient,
  proveMailbox,
  signUp,
  signUpSubscribed,
} from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, sidebarLabels, startE2e, uniqueEmail } from './harness.ts';

const SUPERADMIN = 'team-boss@example.com';

/** Answers the next window.confirm and resolves to the question it asked. */
function confirmNext(page: Page, accept = true): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

describe('team and the superadmin console', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  let boss: Awaited<ReturnType<typeof signUpSubscribed>>;
  before(async () => {
    e2e = await startE2e({ env: { SUPERADMIN_EMAILS: SUPERADMIN } });
    boss = await proveMailbox(e2e.server, await signUpSubscribed(e2e.server, SUPERADMIN));
  });
  after(() => e2e?.close());

  test('an owner invites a new member, who must change the temporary password first and then sees the team without the invite form', async () => {
    const owner = await signUpSubscribed(e2e.server);
    const ownerPage = await e2e.newPage();
    await logIn(ownerPage, owner.email, owner.password);
    await ownerPage.goto('/team');
    await ownerPage.getByRole('heading', { name: 'Role Permissions' }).waitFor();
    await ownerPage.getByTestId('member-row').first().waitFor();
    assert.equal(await ownerPage.getByTestId('member-row').count(), 1, 'only the owner so far');
    // The owner's own row (an owner's) has no controls.
    assert.equal(await ownerPage.getByRole('button', { name: /^Remove / }).count(), 0);

    const newcomer = uniqueEmail('newcomer');
    const form = ownerPage.getByRole('form', { name: 'Invite a team member' });
    assert.equal(await form.getByLabel('Role').inputValue(), 'member', 'member by default');
    // An owner may grant owner.
    assert.deepEqual(await form.getByLabel('Role').locator('option').allInnerTexts(), [
      'Read Only',
      'Member',
      'Admin',
      'Owner',
    ]);
    await form.getByLabel('Email').fill(newcomer);
    await form.getByRole('button', { name: 'Send Invite' }).click();
    await ownerPage.getByText(`Invitation sent to ${newcomer}`).waitFor();
    const temporary = (await ownerPage.getByTestId('temporary-password').textContent()) ?? '';
    assert.ok(temporary.length >= 8, 'the temporary password is shown once');
    await ownerPage.getByRole('button', { name: 'Copy password' }).waitFor();
    const newRow = ownerPage.getByTestId('member-row').filter({ hasText: newcomer });
    await newRow.waitFor();
    // The success message goes after 3 s; the password stays until dismissed.
    await ownerPage.getByText(`Invitation sent to ${newcomer}`).waitFor({ state: 'detached' });
    assert.equal(await ownerPage.getByTestId('temporary-password').count(), 1);
    await ownerPage.getByRole('button', { name: 'Done' }).click();
    assert.equal(await ownerPage.getByTestId('temporary-password').count(), 0);

    // The new member signs in with it and is held at /change-password, wherever they go.
    const memberPage = await e2e.newPage();
    await logIn(memberPage, newcomer, temporary);
    await memberPage.waitForURL('**/change-password');
    await memberPage.goto('/dashboard');
    await memberPage.waitForURL('**/change-password');
    await memberPage.goto('/team');
    await memberPage.waitForURL('**/change-password');
    await memberPage.getByLabel('Current Password').fill(temporary);
    await memberPage.getByLabel(/^New Password/).fill('my-own-password-1');
    await memberPage.getByLabel('Confirm New Password').fill('my-own-password-1');
    await memberPage.getByRole('button', { name: 'Change Password' }).click();
    await memberPage.waitForURL('**/dashboard');
    await memberPage.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();

    // A member sees the list and the legend, but no invite form and no controls.
    await memberPage.getByRole('link', { name: 'Team' }).click();
    await memberPage.getByTestId('member-row').nth(1).waitFor();
    await memberPage.getByRole('heading', { name: 'Role Permissions' }).waitFor();
    assert.equal(await memberPage.getByRole('button', { name: 'Send Invite' }).count(), 0);
    assert.equal(await memberPage.getByRole('heading', { name: 'Invite Team Member' }).count(), 0);
    assert.equal(await memberPage.getByRole('button', { name: /^Remove / }).count(), 0);
    assert.equal(await memberPage.getByRole('combobox').count(), 0, 'no role selects');

    // The old temporary password no longer signs in; the chosen one does, straight to the dashboard.
    const anon = apiClient(e2e.server.url);
    const old = await anon.request(endpoints.auth.login, {
      body: { email: newcomer, password: temporary },
    });
    assert.equal(old.status, 401);
    const again = await e2e.newPage();
    await logIn(again, newcomer, 'my-own-password-1');
    await again.waitForURL('**/dashboard');

    // The owner promotes the member to admin; the row shows the new role after the answer.
    await newRow.getByLabel(`Role for ${newcomer}`).selectOption('admin');
    await ownerPage.getByText(`${newcomer} is now Admin.`).waitFor();
    assert.equal(await newRow.getByLabel(`Role for ${newcomer}`).inputValue(), 'admin');

    // The new admin's stored role still says member; the team list's does not, so the form shows,
    // without the owner option (nobody grants a role above their own).
    await again.goto('/team');
    const adminForm = again.getByRole('form', { name: 'Invite a team member' });
    await adminForm.waitFor();
    assert.deepEqual(await adminForm.getByLabel('Role').locator('option').allInnerTexts(), [
      'Read Only',
      'Member',
      'Admin',
    ]);
    // Owners' rows and their own row carry no controls; the other member's would.
    await again.getByTestId('member-row').nth(1).waitFor();
    assert.equal(await again.getByRole('button', { name: /^Remove / }).count(), 0);
  });

  // The server lets anyone replace a temporary password; the screen disabled the form for a
  // read-only invitee while the guard let them on to screens whose every call the server refused
  // ('Change your temporary password before using Tokenwise'): locked out (decision 110).
  test('a read-only invitee replaces the temporary password and reaches the dashboard', async () => {
    const owner = await signUpSubscribed(e2e.server);
    const reader = uniqueEmail('reader');
    const invite = await owner.api('POST', `/v1/accounts/${owner.accountId}/members`, {
      email: reader,
      role: 'read_only',
    });
    assert.equal(invite.status, 201);
    const temporary: string = invite.body.temporary_password;

    const page = await e2e.newPage();
    await logIn(page, reader, temporary);
    await page.waitForURL('**/change-password');
    await page.goto('/dashboard');
    await page.waitForURL('**/change-password');
    await page.getByLabel('Current Password').fill(temporary);
    await page.getByLabel(/^New Password/).fill('my-own-password-1');
    await page.getByLabel('Confirm New Password').fill('my-own-password-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Every gateway call, errors included').first().waitFor();

    // Once their own, the password is theirs to keep: the read-only rule applies again.
    await page.goto('/change-password');
    await page
      .getByText(
        'Read-only users cannot change their password. Please contact your account administrator.',
      )
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Change Password' }).isDisabled(), true);
  });

  test('an existing user is simply added (longer message, no password), and removed after a confirm', async () => {
    const owner = await signUpSubscribed(e2e.server);
    const existing = await signUp(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, owner.email, owner.password);
    await page.goto('/team');
    const form = page.getByRole('form', { name: 'Invite a team member' });
    await form.getByLabel('Email').fill(existing.email);
    await form.getByLabel('Role').selectOption('read_only');
    await form.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText(`${existing.email} already has an account`).waitFor();
    assert.equal(await page.getByTestId('temporary-password').count(), 0);

    const row = page.getByTestId('member-row').filter({ hasText: existing.email });
    await row.waitFor();
    // Dismissing the confirm keeps the member.
    const dismissed = confirmNext(page, false);
    await row.getByRole('button', { name: `Remove ${existing.email}` }).click();
    assert.match(await dismissed, new RegExp(`Remove ${existing.email} from the team\\?`));
    assert.equal(await row.count(), 1);

    const accepted = confirmNext(page);
    await row.getByRole('button', { name: `Remove ${existing.email}` }).click();
    await accepted;
    await page.getByText(`${existing.email} was removed from the team.`).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  test('an invite the server refuses shows its message in the form', async () => {
    const owner = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, owner.email, owner.password);
    await page.goto('/team');
    const form = page.getByRole('form', { name: 'Invite a team member' });
    // The owner is already a member: the server says so, in its own words.
    await form.getByLabel('Email').fill(owner.email);
    await form.getByRole('button', { name: 'Send Invite' }).click();
    await form.getByRole('alert').getByText(`${owner.email} is already a member`).waitFor();
    assert.equal(await page.getByText('Failed to invite member').count(), 0, 'not the fallback');
  });

  test('a superadmin searches users on the server and deletes one after the confirm', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const victim = await signUp(e2e.server, `victim-${tag}@example.com`);
    await signUp(e2e.server, `bystander-${tag}@example.com`);

    const page = await e2e.newPage();
    await logIn(page, boss.email, boss.password);
    assert.deepEqual((await sidebarLabels(page)).slice(-2), ['Admin: Users', 'Admin: Accounts']);
    await page.getByRole('link', { name: 'Admin: Users' }).click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByTestId('user-row').first().waitFor();
    const everyone = await page.getByTestId('list-footer').textContent();
    assert.match(everyone ?? '', /^Showing \d+ of \d+ total users$/);

    // Case-insensitive, on the server: the other tagged user does not match.
    await page.getByPlaceholder('Search by email...').fill(`VICTIM-${tag.toUpperCase()}`);
    await page.getByTestId('list-footer').getByText('Showing 1 of 1 total users').waitFor();
    const row = page.getByTestId('user-row');
    assert.equal(await row.count(), 1);
    await row.getByText(victim.email).waitFor();
    await row.getByText('User', { exact: true }).waitFor();
    await row.getByText(victim.userId).waitFor();

    const question = confirmNext(page);
    await row.getByRole('button', { name: `Delete ${victim.email}` }).click();
    assert.equal(
      await question,
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
    await page.getByText('User deleted successfully').waitFor();
    await page.getByText('No users found').waitFor();
    await page.getByText('Showing 0 of 0 total users').waitFor();

    const login = await apiClient(e2e.server.url).request(endpoints.auth.login, {
      body: { email: victim.email, password: victim.password },
    });
    assert.equal(login.status, 401, 'the deleted user can no longer sign in');
  });

  test('a superadmin finds an account by a member email and opens its card', async () => {
    const owner = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, boss.email, boss.password);
    await page.goto('/admin/accounts');
    await page.getByRole('heading', { name: 'Account Management' }).waitFor();
    await page.getByPlaceholder(/Search by account name or member email/).fill(owner.email);
    await page.getByText('Showing 1 of 1 total accounts').waitFor();
    const card = page.getByTestId('account-card');
    await card.getByText('1 member', { exact: true }).waitFor();
    await card.getByText(/% of quota$/).waitFor();
    // Collapsed until opened.
    assert.equal(await card.getByText('Monthly quota').isVisible(), false);
    await card.getByRole('button').first().click();
    await card.getByText('Monthly quota').waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    // A fresh trial has used nothing: an empty (zero-width) green bar and 0.0%.
    const bar = card.getByRole('progressbar', { name: 'Quota used' });
    await bar.waitFor({ state: 'attached' });
    assert.equal(await bar.getAttribute('aria-valuenow'), '0');
    await card.getByText('0 / 30,000,000 tokens').waitFor();
    await card.getByText('0.0%', { exact: true }).waitFor();
    await card.getByRole('cell', { name: owner.email }).waitFor();

    await page
      .getByPlaceholder(/Search by account name or member email/)
      .fill('no-such-account-zzz');
    await page.getByText('No accounts found').waitFor();
  });

  test('anyone else who types an admin address sees Not authorised and no data', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    assert.ok(!(await sidebarLabels(page)).some((label) => label.startsWith('Admin')));
    for (const path of ['/admin/users', '/admin/accounts']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
      assert.equal(await page.getByText('User Management').count(), 0);
      assert.equal(await page.getByText('Account Management').count(), 0);
    }
    const refused = await user.api.request(endpoints.admin.users, {});
    assert.equal(refused.status, 403, 'the server refuses them too');
  });
});
