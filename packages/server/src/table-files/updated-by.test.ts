import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { goodPassword, signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import { createSubnetIn, inUseFields, injectAs, tierOnePerson } from '../../test/ipam-factories.js';
import { scannerFor } from '../../test/scan-factories.js';
import { answering } from '../../test/scan-hosts.js';
import { sendAs } from '../../test/table-file-factories.js';
import { removeMember } from '../accounts/remove-member.js';
import { setAddress } from '../addresses/address-writes.js';
import { createVrf } from '../vrfs/vrfs.js';

/** The CSV's data rows as `ipAddress → updatedBy` (the last column; no cell here holds a comma). */
function authorsOf(csv: Buffer): Record<string, string> {
  const lines = csv.toString('utf8').trimEnd().split('\r\n').slice(1);
  // updatedBy is the 7th column (the discovery columns follow it).
  return Object.fromEntries(lines.map((line) => [line.split(',')[0], line.split(',')[6]]));
}

describeEachDialect('who changed an address, in exported and imported files (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('exports people by e-mail (a former member too) and programs by name; imports members back as users', async () => {
    const ownerEmail = uniqueEmail('owner');
    const owner = await tierOnePerson(t.current, ownerEmail);
    const colleague = await signUp(t.current, uniqueEmail('colleague'));
    const leaver = await signUp(t.current, uniqueEmail('leaver'));
    for (const person of [colleague, leaver]) {
      // Invited by e-mail; their next login joins them.
      await injectAs(t.current, owner, 'POST', '/invites', { email: person.email });
      await person.client.post('/api/auth/login', { email: person.email, password: goodPassword });
    }
    const subnet = await createSubnetIn(owner.ctx, '10.30.0.0/28', {
      scanningType: 'auto',
      scanFrequency: 24,
    });
    const as = (userId: string) => ({ ...owner.ctx, userId });
    await setAddress(owner.ctx, subnet.id, '10.30.0.1', inUseFields('a'));
    await setAddress(as(colleague.userId), subnet.id, '10.30.0.2', inUseFields('b'));
    await setAddress(as(leaver.userId), subnet.id, '10.30.0.3', inUseFields('c'));
    await removeMember(owner.ctx, leaver.userId, 'owner');
    const scanner = await scannerFor(owner.ctx, [subnet.id]);
    await scanner.report(subnet.id, [answering('10.30.0.4', 'found')]);

    const exported = await sendAs(t.current, owner, 'GET', `/subnets/${subnet.id}/addresses/export`);
    expect(authorsOf(exported.bytes)).toEqual({
      '10.30.0.1': ownerEmail,
      '10.30.0.2': colleague.email,
      '10.30.0.3': leaver.email,
      '10.30.0.4': 'scanner Test scanner',
    });
    // The API keeps the user id, and the program's name where no user acted.
    const scanned = await injectAs(t.current, owner, 'GET', `/subnets/${subnet.id}/addresses/10.30.0.4`);
    expect(scanned.body.updatedBy).toBe('scanner Test scanner');

    // Into another subnet of the account: members (by e-mail, any case) become users again.
    const copy = await createSubnetIn(owner.ctx, '10.30.0.0/28', {
      vrfId: (await createVrf(owner.ctx, { name: 'Copy', rd: null, description: '' })).id,
    });
    const file = exported.bytes.toString('utf8').replace(colleague.email, colleague.email.toUpperCase());
    const imported = await sendAs(
      t.current,
      owner,
      'POST',
      `/subnets/${copy.id}/addresses/import?dryRun=false`,
      {
        body: file,
        type: 'text/csv',
      },
    );
    expect(imported.status).toBe(200);
    const read = async (ip: string) =>
      (await injectAs(t.current, owner, 'GET', `/subnets/${copy.id}/addresses/${ip}`)).body.updatedBy;
    expect(await read('10.30.0.1')).toBe(owner.userId);
    expect(await read('10.30.0.2')).toBe(colleague.userId);
    // No longer a member, and a program: kept as the text the file gave.
    expect(await read('10.30.0.3')).toBe(leaver.email);
    expect(await read('10.30.0.4')).toBe('scanner Test scanner');
    const again = await sendAs(t.current, owner, 'GET', `/subnets/${copy.id}/addresses/export`);
    expect(authorsOf(again.bytes)).toEqual(authorsOf(exported.bytes));
  });

  it("keeps an id or e-mail of someone outside the account as text, and never exports that person's e-mail", async () => {
    const myEmail = uniqueEmail('me');
    const me = await tierOnePerson(t.current, myEmail);
    const stranger = await signUp(t.current, uniqueEmail('stranger'));
    const subnet = await createSubnetIn(me.ctx, '10.31.0.0/29');
    const file = [
      'ipAddress,status,updatedDate,updatedBy',
      `10.31.0.1,In Use,2025-01-02T03:04:05.000Z,${stranger.userId}`,
      `10.31.0.2,In Use,2025-01-02T03:04:05.000Z,${stranger.email}`,
      '10.31.0.3,In Use,2025-01-02T03:04:05.000Z,Jane from the old IPAM',
      `10.31.0.4,In Use,2025-01-02T03:04:05.000Z,${me.userId}`,
    ].join('\n');
    const imported = await sendAs(
      t.current,
      me,
      'POST',
      `/subnets/${subnet.id}/addresses/import?dryRun=false`,
      {
        body: file,
        type: 'text/csv',
      },
    );
    expect(imported.status).toBe(200);
    const exported = await sendAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses/export`);
    const authors = authorsOf(exported.bytes);
    expect(authors['10.31.0.1']).toBe(stranger.userId);
    expect(authors['10.31.0.2']).toBe(stranger.email);
    expect(authors['10.31.0.3']).toBe('Jane from the old IPAM');
    expect(Object.values(authors).filter((by) => by === stranger.email)).toHaveLength(1);
    expect(authors['10.31.0.4']).toBe(myEmail);
  });
});
