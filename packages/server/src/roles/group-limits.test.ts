import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet } from '../../test/ipam-factories.js';
import { memberWithRole } from '../../test/role-factories.js';

const inUse = { status: 'In Use', hostname: 'host', description: '', allowScannerUpdate: false };

describeEachDialect('an editor limited to groups (issue 34) on %s', (dialect) => {
  const t = useTestApp(dialect);

  /** An owner with groups Office (and its child Floor 1) and Lab, a subnet in each, and an editor limited to Office. */
  async function officeOnly() {
    const owner = await accountSession(t.current, { tier: 3 });
    const office = await postGroup(owner, 'Office');
    const floor = await postGroup(owner, 'Floor 1', office.id);
    const lab = await postGroup(owner, 'Lab');
    const officeNet = (await postSubnet(owner, office.id, '10.1.0.0/24')).body as { id: string };
    const floorNet = (await postSubnet(owner, floor.id, '10.2.0.0/24')).body as { id: string };
    const labNet = (await postSubnet(owner, lab.id, '10.3.0.0/24')).body as { id: string };
    const editor = await memberWithRole(t.current, owner, 'editor', [office.id]);
    return { owner, editor, office, floor, lab, officeNet, floorNet, labNet };
  }

  it('edits inside their group and the groups inside it, and reads the whole account', async () => {
    const { editor, office, floor, labNet, officeNet, floorNet } = await officeOnly();
    expect((await editor.call('PUT', `/subnets/${officeNet.id}/addresses/10.1.0.5`, inUse)).status).toBe(200);
    expect((await editor.call('PUT', `/subnets/${floorNet.id}/addresses/10.2.0.5`, inUse)).status).toBe(200);
    expect((await postSubnet(editor, floor.id, '10.4.0.0/24')).status).toBe(201);
    expect((await editor.call('PATCH', `/groups/${office.id}`, { description: 'HQ' })).status).toBe(200);
    expect((await editor.call('GET', `/subnets/${labNet.id}/addresses`)).status).toBe(200);
    expect((await editor.call('GET', '/groups')).body.items).toHaveLength(3);
  });

  it('is refused a write outside their groups, naming the group, and nothing is written', async () => {
    const { owner, editor, lab, labNet, officeNet } = await officeOnly();
    const refusals = [
      await editor.call('PUT', `/subnets/${labNet.id}/addresses/10.3.0.5`, inUse),
      await editor.call('POST', `/subnets/${labNet.id}/addresses/10.3.0.5/clear`),
      await editor.call('POST', `/subnets/${labNet.id}/addresses/next`, {}),
      await editor.call('POST', `/subnets/${labNet.id}/scan`),
      await editor.call('PATCH', `/subnets/${labNet.id}`, { name: 'Mine now' }),
      await editor.call('DELETE', `/subnets/${labNet.id}`),
      await postSubnet(editor, lab.id, '10.5.0.0/24'),
      // Moving their own subnet into another group, or their group under another, is a write there too.
      await editor.call('PATCH', `/subnets/${officeNet.id}`, { groupId: lab.id }),
      await editor.call('PATCH', `/groups/${lab.id}`, { description: 'x' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: messages.outsideGroups('Lab'), code: 'outside_groups' });
    }
    expect((await owner.call('GET', `/subnets/${labNet.id}`)).body.name).toBe('Subnet 10.3.0.0/24');
    expect((await owner.call('GET', `/subnets/${officeNet.id}`)).body.groupId).not.toBe(lab.id);
    const used = await owner.call('GET', `/subnets/${labNet.id}/addresses?filter=in-use`);
    expect(used.body.items).toEqual([]);
  });

  it('is refused whole-account writes: groups added or deleted, VRFs, plans; a calculation is theirs', async () => {
    const { editor, office } = await officeOnly();
    const refusals = [
      await editor.call('POST', '/groups', { name: 'New', parentId: office.id }),
      await editor.call('DELETE', `/groups/${office.id}`),
      await editor.call('POST', '/vrfs', { name: 'Blue' }),
      await editor.call('POST', '/plans', { name: 'Rollout' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: messages.outsideAllGroups, code: 'outside_groups' });
    }
    const saved = await editor.call('POST', '/calculations/ipv4', { networkIP: '10.0.0.0', cidr: 24 });
    expect(saved.status).not.toBe(403);
  });

  it('loses the limits when made an unlimited editor', async () => {
    const { owner, editor, labNet } = await officeOnly();
    await owner.call('PATCH', `/users/${editor.userId}`, { role: 'editor' });
    expect((await editor.call('PUT', `/subnets/${labNet.id}/addresses/10.3.0.6`, inUse)).status).toBe(200);
  });
});
