import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { pageAudit } from '../audit/audit-repository.js';
import type { AccountEvent } from '../events/event-publisher.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, useTestApp, type TestApp } from '../../test/factories.js';
import { insertCalculation } from './calculation-repository.js';
import { MAX_SAVED_CALCULATIONS } from '@ipam/core/limits';

interface Caller {
  cookie: string;
  accountId: string;
  userId: string;
  email: string;
}

async function caller(t: TestApp): Promise<Caller> {
  const user = await signUp(t);
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { cookie, accountId: user.accountId, userId: user.userId, email: user.email };
}

/** One request through app.inject with the caller's session cookie; unsafe methods send JSON. */
async function call(
  t: TestApp,
  who: Caller,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) {
  const response = await t.app.inject({
    method,
    url: `/api/accounts/${who.accountId}${path}`,
    headers: { cookie: who.cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { payload: JSON.stringify(body ?? {}) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`saved calculations (${dialect})`, () => {
    const published: { accountId: string; event: AccountEvent }[] = [];
    const t = useTestApp(
      dialect,
      {},
      { events: { publish: (accountId, event) => published.push({ accountId, event }) } },
    );

    it('saves an IPv4 calculation with the result the server computed, and records who and when', async () => {
      const user = await caller(t.current);
      const before = new Date().toISOString();
      const saved = await call(t.current, user, 'POST', '/calculations/ipv4', {
        ipAddress: ' 192.168.1.77 ',
        subnetMask: '255.255.255.0',
      });
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({
        id: expect.any(String),
        type: 'ipv4',
        ipAddress: '192.168.1.77',
        subnetMask: '255.255.255.0',
        cidr: 24,
        createdBy: user.userId,
        createdByEmail: user.email,
        calculationResult: {
          networkAddress: '192.168.1.0',
          broadcastAddress: '192.168.1.255',
          usableIpRange: '192.168.1.1 - 192.168.1.254',
          totalHosts: 254,
          totalAddresses: 256,
          subnetMask: '255.255.255.0',
          wildcardMask: '0.0.0.255',
          binarySubnetMask: '11111111.11111111.11111111.00000000',
          ipClass: 'C',
          ipType: 'Private',
        },
      });
      expect(saved.body.createdAt >= before).toBe(true);
      expect(published).toContainEqual({
        accountId: user.accountId,
        event: { kind: 'calculation', id: saved.body.id },
      });
      const audit = await pageAudit(t.current.db, user.accountId, { limit: 5 });
      expect(audit[0]).toMatchObject({ action: 'create', entity: 'calculation', entityId: saved.body.id });
    });

    it('saves an IPv6 calculation keeping the prefix length as typed', async () => {
      const user = await caller(t.current);
      const saved = await call(t.current, user, 'POST', '/calculations/ipv6', {
        ipAddress: '2001:DB8:0:0:1::1',
        prefixLength: '/64',
      });
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({
        type: 'ipv6',
        ipAddress: '2001:DB8:0:0:1::1',
        prefixLength: '/64',
        prefixLengthNumber: 64,
        calculationResult: {
          address: '2001:db8::1:0:0:1',
          networkAddress: '2001:db8::',
          lastAddress: '2001:db8::ffff:ffff:ffff:ffff',
          broadcastAddress: null,
          totalAddresses: '18446744073709551616',
          ipType: 'Documentation',
        },
      });
      const numeric = await call(t.current, user, 'POST', '/calculations/ipv6', {
        ipAddress: 'fe80::1%eth0',
        prefixLength: 10,
      });
      expect(numeric.status).toBe(201);
      expect(numeric.body).toMatchObject({ prefixLength: '10', prefixLengthNumber: 10 });
      expect(numeric.body.calculationResult.address).toBe('fe80::1%eth0');
    });

    it('lists each calculator newest first, without the other calculator or other accounts', async () => {
      const user = await caller(t.current);
      const other = await caller(t.current);
      await call(t.current, other, 'POST', '/calculations/ipv4', {
        ipAddress: '172.16.0.1',
        subnetMask: '12',
      });
      const inputs = ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'];
      // Saved back to back, several can share a millisecond: the order must still hold.
      for (const ipAddress of inputs) {
        expect(
          (await call(t.current, user, 'POST', '/calculations/ipv4', { ipAddress, subnetMask: '/30' }))
            .status,
        ).toBe(201);
      }
      await call(t.current, user, 'POST', '/calculations/ipv6', { ipAddress: '::1', prefixLength: '128' });
      const list = await call(t.current, user, 'GET', '/calculations/ipv4');
      expect(list.status).toBe(200);
      expect(list.body.items.map((c: { ipAddress: string }) => c.ipAddress)).toEqual([...inputs].reverse());
      const v6 = await call(t.current, user, 'GET', '/calculations/ipv6');
      expect(v6.body.items.map((c: { ipAddress: string }) => c.ipAddress)).toEqual(['::1']);
      const foreign = await call(
        t.current,
        { ...user, accountId: other.accountId },
        'GET',
        '/calculations/ipv4',
      );
      expect(foreign.status).toBe(404);
    });

    it("refuses bad inputs with the spec's messages, naming the field", async () => {
      const user = await caller(t.current);
      const cases: [string, unknown, string, string][] = [
        ['ipv4', { ipAddress: '10.0.0', subnetMask: '24' }, 'ipAddress', 'Invalid IPv4 address format'],
        ['ipv4', { ipAddress: '010.0.0.1', subnetMask: '24' }, 'ipAddress', 'Invalid IPv4 address format'],
        [
          'ipv4',
          { ipAddress: '10.0.0.1', subnetMask: '255.0.255.0' },
          'subnetMask',
          'Invalid subnet mask. Use CIDR (/24) or dotted decimal (255.255.255.0)',
        ],
        [
          'ipv4',
          { ipAddress: '10.0.0.1', subnetMask: '/33' },
          'subnetMask',
          'Invalid subnet mask. Use CIDR (/24) or dotted decimal (255.255.255.0)',
        ],
        ['ipv6', { ipAddress: '1::2::3', prefixLength: '64' }, 'ipAddress', 'Invalid IPv6 address format'],
        [
          'ipv6',
          { ipAddress: '::1', prefixLength: '129' },
          'prefixLength',
          'Invalid prefix length. Use /64 or 64 (0-128)',
        ],
        [
          'ipv6',
          { ipAddress: '::1', prefixLength: '=1+1' },
          'prefixLength',
          'Invalid prefix length. Use /64 or 64 (0-128)',
        ],
      ];
      for (const [type, body, field, message] of cases) {
        const response = await call(t.current, user, 'POST', `/calculations/${type}`, body);
        expect({
          body,
          status: response.status,
          error: response.body.error,
          field: response.body.fields?.[field],
        }).toEqual({
          body,
          status: 400,
          error: message,
          field: message,
        });
      }
      const forged = await call(t.current, user, 'POST', '/calculations/ipv4', {
        ipAddress: '10.0.0.1',
        subnetMask: '24',
        calculationResult: { networkAddress: '=HYPERLINK("x")' },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.code).toBe('validation_failed');
      expect((await call(t.current, user, 'GET', '/calculations/ipv4')).body.items).toEqual([]);
      expect((await call(t.current, user, 'GET', '/calculations/ipv6')).body.items).toEqual([]);
    });

    it("deletes a saved calculation; another account's is a 404 and stays", async () => {
      const owner = await caller(t.current);
      const other = await caller(t.current);
      const mine = await call(t.current, owner, 'POST', '/calculations/ipv6', {
        ipAddress: 'fd00::',
        prefixLength: '48',
      });
      const theirs = await call(t.current, other, 'POST', '/calculations/ipv4', {
        ipAddress: '10.9.9.9',
        subnetMask: '8',
      });
      const foreign = await call(t.current, owner, 'DELETE', `/calculations/${theirs.body.id}`);
      expect(foreign).toEqual({ status: 404, body: { error: 'Not found.', code: 'not_found' } });
      expect((await call(t.current, other, 'GET', '/calculations/ipv4')).body.items).toHaveLength(1);

      const deleted = await call(t.current, owner, 'DELETE', `/calculations/${mine.body.id}`);
      expect(deleted.status).toBe(204);
      expect((await call(t.current, owner, 'GET', '/calculations/ipv6')).body.items).toEqual([]);
      expect((await call(t.current, owner, 'DELETE', `/calculations/${mine.body.id}`)).status).toBe(404);
      expect((await call(t.current, owner, 'DELETE', `/calculations/${randomUUID()}`)).status).toBe(404);
      expect(published).toContainEqual({
        accountId: owner.accountId,
        event: { kind: 'calculation', id: mine.body.id },
      });
      const audit = await pageAudit(t.current.db, owner.accountId, { limit: 5 });
      expect(audit[0]).toMatchObject({ action: 'delete', entity: 'calculation', entityId: mine.body.id });
    });

    it(`keeps at most ${MAX_SAVED_CALCULATIONS} calculations per calculator and account`, async () => {
      const user = await caller(t.current);
      for (let seq = 1; seq <= MAX_SAVED_CALCULATIONS; seq++) {
        await insertCalculation(t.current.db, {
          id: randomUUID(),
          accountId: user.accountId,
          seq,
          type: 'ipv4',
          ipAddress: '10.0.0.1',
          subnetMask: '/24',
          prefixLength: null,
          cidr: 24,
          resultJson: '{}',
          createdAt: new Date().toISOString(),
          createdBy: user.userId,
        });
      }
      const over = await call(t.current, user, 'POST', '/calculations/ipv4', {
        ipAddress: '10.0.0.2',
        subnetMask: '/24',
      });
      expect(over).toEqual({
        status: 403,
        body: {
          error: `You can keep at most ${MAX_SAVED_CALCULATIONS} saved IPv4 calculations. Delete some to save more.`,
          code: 'calculation_limit_reached',
        },
      });
      // The cap is per calculator: IPv6 still saves.
      expect(
        (await call(t.current, user, 'POST', '/calculations/ipv6', { ipAddress: '::', prefixLength: '0' }))
          .status,
      ).toBe(201);
    });
  });
}
