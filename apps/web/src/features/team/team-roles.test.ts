/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { InviteResponse, TeamMember } from '@tokenwise/contracts';
import { inviteNotice } from './invite-notice.ts';
import { assignableRoles, canManageTeam, hasMemberControls } from './team-roles.ts';

const member = (user_id: string, role: TeamMember['role']): TeamMember => ({
  user_id,
  email: `${user_id}@example.com`,
  role,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('team roles', () => {
  test('only owners and admins manage the team', () => {
    assert.equal(canManageTeam('owner'), true);
    assert.equal(canManageTeam('admin'), true);
    assert.equal(canManageTeam('member'), false);
    assert.equal(canManageTeam('read_only'), false);
    assert.equal(canManageTeam(undefined), false);
  });

  test('an owner may grant every role; an admin every role but owner; others none', () => {
    assert.deepEqual(assignableRoles('owner'), ['read_only', 'member', 'admin', 'owner']);
    assert.deepEqual(assignableRoles('admin'), ['read_only', 'member', 'admin']);
    assert.deepEqual(assignableRoles('member'), []);
    assert.deepEqual(assignableRoles('read_only'), []);
    assert.deepEqual(assignableRoles(undefined), []);
  });

  test("owners' rows and your own row have no controls; others do for managers only", () => {
    const admin = { userId: 'me', role: 'admin' as const };
    assert.equal(hasMemberControls(member('boss', 'owner'), admin), false);
    assert.equal(hasMemberControls(member('me', 'admin'), admin), false);
    assert.equal(hasMemberControls(member('other', 'admin'), admin), true);
    assert.equal(hasMemberControls(member('dev', 'member'), admin), true);
    assert.equal(
      hasMemberControls(member('dev', 'member'), { userId: 'me', role: 'member' }),
      false,
    );
  });
});

describe('invite notice', () => {
  const answer = (existing_user: boolean): InviteResponse => ({
    success: true,
    member: member('new', 'admin'),
    existing_user,
    ...(existing_user ? {} : { temporary_password: 'tmp-123456' }),
  });

  test('an added existing user is announced for 5 s', () => {
    const notice = inviteNotice(answer(true));
    assert.equal(notice.durationMs, 5_000);
    assert.match(notice.text, /new@example\.com .*added to the team as Admin/);
  });

  test('a new user is announced for 3 s, without the password in the message', () => {
    const notice = inviteNotice(answer(false));
    assert.equal(notice.durationMs, 3_000);
    assert.match(notice.text, /new@example\.com/);
    assert.doesNotMatch(notice.text, /tmp-123456/);
  });
});
