import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, rowsOfSubnet } from '../../test/ipam-factories.js';

const refused = { error: messages.textHasNul, code: 'validation_failed' };

// PostgreSQL cannot store U+0000 in text and failed with a 500; SQLite stored it. Both refuse it now.
for (const dialect of DIALECTS) {
  describeOn(dialect)(`the NUL character in a request (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('is refused in JSON text with a 400 naming the field, and nothing is written', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'Lab');
      const subnet = (await postSubnet(me, group.id, '10.0.0.0/24')).body;
      const writes: [string, string, unknown, string][] = [
        ['POST', '/groups', { name: 'a\u0000b' }, 'name'],
        ['PATCH', `/groups/${group.id}`, { description: 'x\u0000' }, 'description'],
        [
          'POST',
          '/subnets',
          { name: 'n', vlanId: 1, groupId: `${group.id}\u0000`, networkIP: '10.1.0.0', bits: 24 },
          'groupId',
        ],
        [
          'PUT',
          `/subnets/${subnet.id}/addresses/10.0.0.5`,
          { status: 'In Use', hostname: 'h\u0000' },
          'hostname',
        ],
        ['POST', '/invites', { email: 'a\u0000@example.com' }, 'email'],
        ['POST', '/groups', { name: 'ok', nested: [{ deep: '\u0000' }] }, 'nested.0.deep'],
      ];
      for (const [method, path, body, field] of writes) {
        const response = await me.call(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(response.body).toEqual({ ...refused, fields: { [field]: messages.textHasNul } });
      }
      const groups = await me.call('GET', '/groups');
      expect(
        groups.body.items.map((g: { name: string; description: string }) => [g.name, g.description]),
      ).toEqual([['Lab', '']]);
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id)).toBe(0);
    });

    it('is refused in a path or query parameter with a 400', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'Lab');
      const subnet = (await postSubnet(me, group.id, '10.0.0.0/24')).body;
      const requests: [string, string][] = [
        ['GET', '/subnets/%00'],
        ['GET', `/subnets/${subnet.id}/addresses?q=a%00`],
        ['GET', '/audit?subnetId=%00'],
        ['POST', `/subnets/${subnet.id}/approvals/%00/confirm`],
        ['DELETE', '/calculations/x%00'],
      ];
      for (const [method, path] of requests) {
        const response = await me.call(method, path);
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(response.body).toEqual(refused);
      }
      const account = await me.client.get(`/api/accounts/${me.accountId}%00/subnets`);
      expect(account.status).toBe(400);
      // A percent sign that is not NUL is ordinary text.
      const search = await me.call('GET', `/subnets/${subnet.id}/addresses?q=%2500`);
      expect(search.status).toBe(200);
    });

    it('still answers 400, not 500, for a body nested too deep to walk recursively', async () => {
      const me = await accountSession(t.current);
      const deep = `{"name":"x","deep":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
      const response = await me.call('POST', '/groups', deep);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      const withNul = `{"name":"x","deep":${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}}`;
      const refusedDeep = await me.call('POST', '/groups', withNul);
      expect(refusedDeep.status).toBe(400);
      expect(refusedDeep.body.error).toBe(messages.textHasNul);
      const [field = ''] = Object.keys(refusedDeep.body.fields);
      expect(field.startsWith('deep.0.0.0')).toBe(true);
      expect(field.length).toBeLessThanOrEqual(101);
      const twice = await me.call('POST', '/groups', { name: 'x\u0000', description: '\u0000' });
      expect(twice.body.fields).toEqual({ name: messages.textHasNul });
    });
  });
}
