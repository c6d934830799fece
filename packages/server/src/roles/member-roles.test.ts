import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { pageAudit } from '../audit/audit-repository.js';
import { describeEachDialect } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import { accountSession, postGroup } from '../../test/ipam-factories.js';
import { memberWithRole } from '../../test/role-factories.js';

describeEachDialect('member roles (issue 34) on %s', (dialect) => {
  const t = useTestApp(dialect, { BILLING: 'test' });

  it('gives an invited user the role of the invite, shown in their account view and the team list', async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    const viewer = await memberWithRole(t.current, owner, 'viewer');
    const account = await viewer.call('GET', '');
    expect(account.body).toMatchObject({ role: 'viewer', isOwner: false, groupIds: [] });
    const me = await viewer.client.get('/api/auth/me');
    const inMe = me.body.accounts.find((a: { id: string }) => a.id === owner.accountId);
    expect(inMe).toMatchObject({ role: 'viewer', isOwner: false });
    expect((await owner.call('GET', '')).body).toMatchObject({ role: 'owner', isOwner: true });
    const team = await owner.call('GET', '/users');
    expect(team.body.items.map((m: { role: string }) => m.role)).toEqual(['owner', 'viewer']);
  });

  it('refuses a viewer every write with a message naming the role needed, and writes nothing', async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    const viewer = await memberWithRole(t.current, owner, 'viewer');
    const refused = await viewer.call('POST', '/groups', { name: 'Sneaky', parentId: null });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: messages.roleRequired('editor', 'viewer'), code: 'role_required' });
    expect((await owner.call('GET', '/groups')).body.items).toEqual([]);
    expect((await viewer.call('GET', '/groups')).status).toBe(200);
  });

  it('lets an owner set roles and group limits, recorded in History, and the change applies at once', async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    const group = await postGroup(owner, 'Office');
    const member = await memberWithRole(t.current, owner, 'viewer');
    expect((await member.call('POST', '/groups', { name: 'A', parentId: null })).status).toBe(403);
    const changed = await owner.call('PATCH', `/users/${member.userId}`, {
      role: 'editor',
      groupIds: [group.id],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: member.userId, role: 'editor', groupIds: [group.id] });
    expect((await member.call('GET', '')).body).toMatchObject({ role: 'editor', groupIds: [group.id] });
    const audit = await pageAudit(t.current.db, owner.accountId, { limit: 5 });
    const entry = audit.find((a) => a.action === 'update' && a.entity === 'member');
    expect(entry?.before).toMatchObject({ role: 'viewer', groupIds: [] });
    expect(entry?.after).toMatchObject({ role: 'editor', groupIds: [group.id] });
    // Another role drops the limits: only an editor holds them.
    const admin = await owner.call('PATCH', `/users/${member.userId}`, {
      role: 'admin',
      groupIds: [group.id],
    });
    expect(admin.body).toMatchObject({ role: 'admin', groupIds: [] });
  });

  it('refuses limits to a group of another account', async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    const stranger = await accountSession(t.current);
    const theirs = await postGroup(stranger, 'Theirs');
    const member = await memberWithRole(t.current, owner, 'editor');
    const refused = await owner.call('PATCH', `/users/${member.userId}`, {
      role: 'editor',
      groupIds: [theirs.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(messages.groupLimitUnknown);
  });

  it('lets only owners change roles: an admin or an editor is refused', async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    const admin = await memberWithRole(t.current, owner, 'admin');
    const editor = await memberWithRole(t.current, owner, 'editor');
    for (const caller of [admin, editor]) {
      const refused = await caller.call('PATCH', `/users/${editor.userId}`, { role: 'owner' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: messages.onlyOwnerSetsRoles, code: 'owner_only' });
    }
    // An admin cannot raise themselves either.
    expect((await admin.call('PATCH', `/users/${admin.userId}`, { role: 'owner' })).status).toBe(403);
    expect(
      (await owner.call('GET', '/users')).body.items.map((m: { role: string }) => m.role).sort(),
    ).toEqual(['admin', 'editor', 'owner']);
  });

  it('refuses an owner demoting themselves, and the account holder being demoted by another owner', async () => {
    const holder = await accountSession(t.current, { tier: 3 });
    const selfDemotion = await holder.call('PATCH', `/users/${holder.userId}`, { role: 'viewer' });
    expect(selfDemotion.status).toBe(403);
    expect(selfDemotion.body).toEqual({ error: messages.ownRoleUnchangeable, code: 'role_change_refused' });
    const second = await memberWithRole(t.current, holder, 'owner');
    const demoted = await second.call('PATCH', `/users/${holder.userId}`, { role: 'admin' });
    expect(demoted.status).toBe(403);
    expect(demoted.body.error).toBe(messages.accountHolderStaysOwner);
    expect((await second.call('PATCH', `/users/${second.userId}`, { role: 'editor' })).status).toBe(403);
    // The holder may demote the second owner: the account keeps its holder as owner.
    expect((await holder.call('PATCH', `/users/${second.userId}`, { role: 'editor' })).status).toBe(200);
    expect((await holder.call('GET', '')).body.role).toBe('owner');
  });

  it('keeps billing for owners: an admin is refused a checkout with the spec text', async () => {
    const owner = await accountSession(t.current, { tier: 0 });
    const admin = await memberWithRole(t.current, owner, 'admin');
    const refused = await admin.call('POST', '/checkout-sessions', { priceId: 'business-month' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: messages.ownerOnlyPlan, code: 'owner_only' });
    expect((await admin.call('POST', '/billing-portal-sessions')).status).toBe(403);
  });

  it('lets an admin manage the team below the owners only', async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    const admin = await memberWithRole(t.current, owner, 'admin');
    const asOwner = await admin.call('POST', '/invites', { email: uniqueEmail('boss'), role: 'owner' });
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.error).toBe(messages.onlyOwnerGivesOwner);
    expect((await admin.call('POST', '/invites', { email: uniqueEmail('ed'), role: 'editor' })).status).toBe(
      201,
    );
    const secondOwner = await memberWithRole(t.current, owner, 'owner');
    const removal = await admin.call('DELETE', `/users/${secondOwner.userId}`);
    expect(removal.status).toBe(403);
    expect(removal.body.error).toBe(messages.onlyOwnerGivesOwner);
    const editor = await memberWithRole(t.current, owner, 'editor');
    expect((await admin.call('DELETE', `/users/${editor.userId}`)).status).toBe(204);
    // An editor manages no one.
    const another = await memberWithRole(t.current, owner, 'viewer');
    const byEditor = await memberWithRole(t.current, owner, 'editor');
    const refused = await byEditor.call('DELETE', `/users/${another.userId}`);
    expect(refused.body).toEqual({ error: messages.roleRequired('admin', 'editor'), code: 'role_required' });
  });

  it('keeps a new account holder the owner of their own account', async () => {
    const { client } = await signUp(t.current);
    const me = await client.get('/api/auth/me');
    expect(me.body.accounts[0]).toMatchObject({ role: 'owner', isOwner: true, groupIds: [] });
  });

  it('states in the OpenAPI document the role each account route needs', async () => {
    const openapi = await t.current.client().get('/api/openapi.json');
    const paths = openapi.body.paths;
    expect(paths['/api/accounts/{accountId}/users/{userId}'].patch.description).toContain(
      'Needs the owner role',
    );
    expect(paths['/api/accounts/{accountId}/webhooks'].post.description).toContain('Needs the admin role');
    expect(paths['/api/accounts/{accountId}/groups'].post.description).toContain('Needs the editor role');
    expect(paths['/api/accounts/{accountId}/groups'].get.description).toContain('viewer or higher');
  });
});
