import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { runAdmin } from '../cli/admin-command.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, type AccountSession } from '../../test/ipam-factories.js';

function capture() {
  const lines = { out: '', err: '' };
  return { lines, out: (t: string) => (lines.out += t), err: (t: string) => (lines.err += t) };
}

async function postV6(me: AccountSession, networkIP: string, prefixLength: number) {
  const group = await postGroup(me, `G ${networkIP}/${prefixLength}`);
  return me.call('POST', '/subnets', {
    name: `N ${prefixLength}`,
    vlanId: 1,
    groupId: group.id,
    networkIP,
    prefixLength,
  });
}

async function accountOf(me: AccountSession) {
  return (await me.call('GET', '')).body;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`IPv6 prefix range per account (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('keeps the spec range /104–/124 on paid tiers until the operator widens it with set-tier --ipv6', async () => {
      const me = await accountSession(t.current);
      const io = capture();
      expect(await runAdmin(t.current.db, ['set-tier', me.email, '1'], io.out, io.err)).toBe(0);
      expect(io.lines.out).toContain('IPv6 /104-/124');
      expect((await accountOf(me)).ipv6Prefixes).toEqual({ min: 104, max: 124 });
      const refused = await postV6(me, '2001:db8::', 64);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: messages.ipv6PrefixNotInTier(104, 124),
        code: 'prefix_not_in_tier',
        fields: { prefixLength: messages.ipv6PrefixNotInTier(104, 124) },
      });

      expect(
        await runAdmin(t.current.db, ['set-tier', me.email, '1', '--ipv6', '32-128'], io.out, io.err),
      ).toBe(0);
      expect(io.lines.out).toContain('tier 1 Basic, maxnetworks 10, maxusers 5, IPv6 /32-/128');
      expect((await accountOf(me)).ipv6Prefixes).toEqual({ min: 32, max: 128 });
      const listing = capture();
      expect(await runAdmin(t.current.db, ['accounts'], listing.out, listing.err)).toBe(0);
      expect(listing.lines.out.split('\n')[0]).toMatch(/\sREFERENCE\s+IPV6$/);
      expect(listing.lines.out.split('\n').find((line) => line.startsWith(me.accountId))).toMatch(
        /\/32-\/128$/,
      );
      const me64 = await postV6(me, '2001:db8:1::', 64);
      expect(me64.status).toBe(201);
      expect(me64.body).toMatchObject({ networkIP: '2001:db8:1::', prefixLength: 64 });
      expect((await postV6(me, '2001:db8:2::1', 128)).status).toBe(201);

      // A later set-tier without --ipv6 keeps the range; `default` goes back to the tier's.
      expect(await runAdmin(t.current.db, ['set-tier', me.accountId, '2'], io.out, io.err)).toBe(0);
      expect((await accountOf(me)).ipv6Prefixes).toEqual({ min: 32, max: 128 });
      expect(
        await runAdmin(t.current.db, ['set-tier', me.accountId, '2', '--ipv6', 'default'], io.out, io.err),
      ).toBe(0);
      expect((await accountOf(me)).ipv6Prefixes).toEqual({ min: 104, max: 124 });
    });

    it('refuses a malformed --ipv6 and changes nothing', async () => {
      const me = await accountSession(t.current);
      for (const bad of ['64', '128-32', '0-129', 'x-y', '']) {
        const io = capture();
        const args = ['set-tier', me.email, '1', '--ipv6', ...(bad === '' ? [] : [bad])];
        expect(await runAdmin(t.current.db, args, io.out, io.err), bad).toBe(2);
        expect(io.lines.err).toContain('--ipv6 must be two prefix lengths from 0 to 128');
      }
      expect(await accountOf(me)).toMatchObject({ tier: 0, ipv6Prefixes: null });
    });

    it('refuses outside the widened range, and a leaf shorter than /64 with its own message', async () => {
      const me = await accountSession(t.current);
      const io = capture();
      expect(
        await runAdmin(t.current.db, ['set-tier', me.email, '3', '--ipv6', '48-120'], io.out, io.err),
      ).toBe(0);
      const tooLong = await postV6(me, '2001:db8::', 124);
      expect(tooLong.status).toBe(403);
      expect(tooLong.body.error).toBe(messages.ipv6PrefixNotInTier(48, 120));
      const leaf = await postV6(me, '2001:db8::', 63);
      expect(leaf.status).toBe(400);
      expect(leaf.body).toEqual({
        error: messages.ipv6LeafTooLarge(64),
        code: 'ipv6_leaf_too_large',
        fields: { prefixLength: messages.ipv6LeafTooLarge(64) },
      });
      expect(leaf.body.error).toBe(
        'An IPv6 subnet that holds addresses can be at most a /64: choose a prefix length from 64 to 128.',
      );
      expect((await postV6(me, '2001:db8::', 47)).status).toBe(403);
      expect((await me.call('GET', '/subnets')).body.items).toEqual([]);
    });

    it('keeps Free without IPv6 whatever the range', async () => {
      const me = await accountSession(t.current);
      const io = capture();
      expect(
        await runAdmin(t.current.db, ['set-tier', me.email, '0', '--ipv6', '32-128'], io.out, io.err),
      ).toBe(0);
      expect(io.lines.out).toContain('no IPv6');
      expect((await accountOf(me)).ipv6Prefixes).toBeNull();
      expect((await postV6(me, '2001:db8::', 64)).body.code).toBe('ipv6_not_in_tier');
    });
  });

  describeOn(dialect)(`IPAM_DEFAULT_IPV6_PREFIXES (${dialect})`, () => {
    const t = useTestApp(dialect, { IPAM_DEFAULT_TIER: '1', IPAM_DEFAULT_IPV6_PREFIXES: '32-128' });

    it('gives new accounts the range, so a /64 leaf can be created at once', async () => {
      const me = await accountSession(t.current);
      const account = await accountOf(me);
      expect(account).toMatchObject({ tier: 1, ipv6Prefixes: { min: 32, max: 128 } });
      expect((await postV6(me, '2001:db8:40::', 64)).status).toBe(201);
      expect((await postV6(me, '2001:db8:50::', 63)).body.code).toBe('ipv6_leaf_too_large');
    });
  });
}
