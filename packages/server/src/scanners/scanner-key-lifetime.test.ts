import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeEachDialect } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';
import { sessionFor, setTier } from '../../test/ipam-factories.js';

/** An owner on a tier with scanners and a member (an admin, who manages scanners) who joined by invitation. */
async function team(t: TestApp) {
  const owner = await signUp(t);
  await setTier(t.db, owner.accountId, 1);
  const memberEmail = uniqueEmail('member');
  await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: memberEmail, role: 'admin' });
  const member = await signUp(t, memberEmail);
  return {
    owner: sessionFor(owner.client, owner),
    member: sessionFor(member.client, { ...member, accountId: owner.accountId }),
  };
}

describeEachDialect('scanner keys do not outlive their maker (issue 36, %s)', (dialect) => {
  const t = useTestApp(dialect);
  const agent = (key: string) =>
    fetch(`${t.current.baseUrl}/api/scanner/jobs`, { headers: { authorization: `Bearer ${key}` } });

  it('a member removed from the account takes the keys they made with them', async () => {
    const { owner, member } = await team(t.current);
    const membersScanner = await member.call('POST', '/scanners', { name: 'Branch (member)' });
    expect(membersScanner.status).toBe(201);
    const ownersScanner = await owner.call('POST', '/scanners', { name: 'HQ (owner)' });
    // The owner re-keys a scanner the member made: that key is the owner's now.
    const rekeyed = await member.call('POST', '/scanners', { name: 'Lab' });
    const ownersKey = await owner.call('POST', `/scanners/${rekeyed.body.id}/key`);
    expect((await agent(membersScanner.body.apiKey)).status).toBe(200);

    const removed = await owner.call('DELETE', `/users/${member.userId}`);
    expect(removed.status).toBe(204);
    expect((await agent(membersScanner.body.apiKey)).status).toBe(401);
    expect((await agent(ownersScanner.body.apiKey)).status).toBe(200);
    expect((await agent(ownersKey.body.apiKey)).status).toBe(200);
    // The scanner stays, for the owner to give a new key; the log says why its key ended.
    const listed = await owner.call('GET', '/scanners');
    expect(listed.body.items.map((s: { name: string }) => s.name).sort()).toEqual([
      'Branch (member)',
      'HQ (owner)',
      'Lab',
    ]);
    const audit = await owner.call('GET', '/audit');
    expect(audit.text).toContain(`its maker ${member.email} left the account`);
    const fresh = await owner.call('POST', `/scanners/${membersScanner.body.id}/key`);
    expect((await agent(fresh.body.apiKey)).status).toBe(200);
  });

  it('an API token may list scanners but neither create one nor change a key, nor start an import', async () => {
    const { owner } = await team(t.current);
    const made = await owner.call('POST', '/tokens', { name: 'CI', scope: 'write', expiresInDays: 30 });
    const client = t.current.client({ authorization: `Bearer ${made.body.token}` });
    const base = `/api/accounts/${owner.accountId}`;
    const scanner = await owner.call('POST', '/scanners', { name: 'HQ' });

    expect((await client.get(`${base}/scanners`)).status).toBe(200);
    const created = await client.post(`${base}/scanners`, { name: 'Rogue' });
    expect(created.status).toBe(403);
    expect(created.body.error).toBe(messages.tokenNotAllowed);
    expect((await client.post(`${base}/scanners/${scanner.body.id}/key`, {})).status).toBe(403);
    const imported = await client.post(`${base}/imports`, {
      source: 'netbox',
      url: 'http://127.0.0.1:9/',
      token: 'x',
    });
    expect(imported.status).toBe(403);
    expect((await owner.call('GET', '/scanners')).body.items).toHaveLength(1);
  });
});
