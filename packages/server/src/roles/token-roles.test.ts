import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from '../../test/ipam-factories.js';
import { memberWithRole } from '../../test/role-factories.js';

describeEachDialect("API tokens act with their maker's current role (issue 34) on %s", (dialect) => {
  const t = useTestApp(dialect);

  async function writeTokenOf(session: AccountSession): Promise<string> {
    const made = await session.call('POST', '/tokens', { name: 'script', scope: 'write', expiresInDays: 30 });
    if (made.status !== 201) throw new Error(`token not made: ${made.status} ${made.text}`);
    return made.body.token as string;
  }

  it("follows a downgrade of its maker at once (a viewer's write token cannot write), and an upgrade back", async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    const admin = await memberWithRole(t.current, owner, 'admin');
    const token = t.current.client({ authorization: `Bearer ${await writeTokenOf(admin)}` });
    const groups = `/api/accounts/${owner.accountId}/groups`;
    expect((await token.post(groups, { name: 'By script', parentId: null })).status).toBe(201);

    await owner.call('PATCH', `/users/${admin.userId}`, { role: 'viewer' });
    const refused = await token.post(groups, { name: 'After downgrade', parentId: null });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: messages.roleRequired('editor', 'viewer'), code: 'role_required' });
    expect((await token.get(groups)).status).toBe(200);
    expect((await owner.call('GET', '/groups')).body.items).toHaveLength(1);

    await owner.call('PATCH', `/users/${admin.userId}`, { role: 'editor' });
    expect((await token.post(groups, { name: 'Editor again', parentId: null })).status).toBe(201);
    // Never more than the maker: an editor's token reaches no admin route.
    const providers = await token.get(`/api/accounts/${owner.accountId}/dns/providers`);
    expect(providers.status).toBe(403);
    expect(providers.body.error).toBe(messages.dnsOwnerOnly);
  });

  it("carries its maker's group limits", async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    const office = await postGroup(owner, 'Office');
    const lab = await postGroup(owner, 'Lab');
    const labNet = (await postSubnet(owner, lab.id, '10.9.0.0/24')).body as { id: string };
    const admin = await memberWithRole(t.current, owner, 'admin');
    const token = t.current.client({ authorization: `Bearer ${await writeTokenOf(admin)}` });
    await owner.call('PATCH', `/users/${admin.userId}`, { role: 'editor', groupIds: [office.id] });
    const refused = await token.post(`/api/accounts/${owner.accountId}/subnets/${labNet.id}/scan`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(messages.outsideGroups('Lab'));
  });

  it('cannot be made by a viewer or an editor (tokens are managed by admins)', async () => {
    const owner = await accountSession(t.current, { tier: 3 });
    for (const role of ['viewer', 'editor'] as const) {
      const member = await memberWithRole(t.current, owner, role);
      const refused = await member.call('POST', '/tokens', { name: 'x', scope: 'read', expiresInDays: 30 });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(messages.roleRequired('admin', role));
    }
  });
});
