import { expect, it } from 'vitest';
import { runAdmin } from './admin-command.js';
import { findAccountOfMember } from '../accounts/account-repository.js';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import { createUser } from '../../test/factories.js';
import { findPrice, listActiveProducts } from '../billing/product-repository.js';

function capture() {
  const lines = { out: '', err: '' };
  return { lines, out: (t: string) => (lines.out += t), err: (t: string) => (lines.err += t) };
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`ipam admin (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('sets a tier with its default limits, by owner e-mail or account id', async () => {
      const { db } = database.current;
      const user = await createUser(db);
      const io = capture();
      expect(await runAdmin(db, ['set-tier', user.email.toUpperCase(), '2'], io.out, io.err)).toBe(0);
      expect(await findAccountOfMember(db, user.accountId, user.userId)).toMatchObject({
        tier: 2,
        maxnetworks: 50,
        maxusers: 20,
      });
      expect(
        await runAdmin(
          db,
          ['set-tier', user.accountId, '4', '--maxnetworks', '1000', '--maxusers', '3'],
          io.out,
          io.err,
        ),
      ).toBe(0);
      expect(await findAccountOfMember(db, user.accountId, user.userId)).toMatchObject({
        tier: 4,
        maxnetworks: 1000,
        maxusers: 3,
      });
      expect(io.lines.out).toContain('tier 4 Custom, maxnetworks 1000, maxusers 3');
    });

    it('refuses an unknown account, a tier outside 0-4 and a malformed limit', async () => {
      const { db } = database.current;
      const user = await createUser(db);
      const io = capture();
      expect(await runAdmin(db, ['set-tier', 'nobody@example.com', '1'], io.out, io.err)).toBe(1);
      expect(await runAdmin(db, ['set-tier', user.accountId, '9'], io.out, io.err)).toBe(2);
      expect(
        await runAdmin(db, ['set-tier', user.accountId, '1', '--maxusers', 'many'], io.out, io.err),
      ).toBe(2);
      expect(await findAccountOfMember(db, user.accountId, user.userId)).toMatchObject({
        tier: 0,
        maxusers: 2,
      });
    });

    it('lists accounts as a table', async () => {
      const { db } = database.current;
      const user = await createUser(db);
      const io = capture();
      expect(await runAdmin(db, ['accounts'], io.out, io.err)).toBe(0);
      const line = io.lines.out.split('\n').find((l) => l.startsWith(user.accountId));
      expect(line).toMatch(new RegExp(`^${user.accountId}\\s+0 Free\\s+2\\s+2\\s+1\\s+${user.email}`));
      expect(io.lines.out.split('\n')[0]).toMatch(/^ID\s+TIER\s+MAXNETWORKS\s+MAXUSERS\s+USERS\s+OWNER/);
    });
  });
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`ipam admin products (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('BL-5: lists products and prices with cents, dollars and Stripe ids, and maps a Stripe price id', async () => {
      const { db } = database.current;
      const io = capture();
      expect(
        await runAdmin(db, ['products', 'set-price-id', 'business-year', 'price_1AbC'], io.out, io.err),
      ).toBe(0);
      expect(await runAdmin(db, ['products'], io.out, io.err)).toBe(0);
      const lines = io.lines.out.split('\n');
      expect(lines[1]).toMatch(
        /^PRICE\s+PRODUCT\s+TIER\s+INTERVAL\s+AMOUNT\s+CENTS\s+ACTIVE\s+STRIPE PRICE$/,
      );
      expect(lines.find((l) => l.startsWith('business-year'))).toMatch(
        /Business\s+2 Business\s+year\s+\$175\.89 USD\s+17589\s+yes\s+price_1AbC$/,
      );
      expect(lines.find((l) => l.startsWith('enterprise-month'))).toMatch(/\$50\.99 USD\s+5099\s+yes\s+-$/);
      expect(await runAdmin(db, ['products', 'set-price-id', 'business-year', 'none'], io.out, io.err)).toBe(
        0,
      );
      expect((await findPrice(db, 'business-year'))?.providerPriceId).toBeNull();
    });

    it('changes an amount and switches a product off and on; refuses unknown ids and malformed values', async () => {
      const { db } = database.current;
      const io = capture();
      expect(await runAdmin(db, ['products', 'set-amount', 'basic-month', '649'], io.out, io.err)).toBe(0);
      expect((await findPrice(db, 'basic-month'))?.unitAmount).toBe(649);
      expect(await runAdmin(db, ['products', 'deactivate', 'basic'], io.out, io.err)).toBe(0);
      expect((await listActiveProducts(db)).map((p) => p.id)).toEqual(['business', 'enterprise']);
      expect(await runAdmin(db, ['products', 'activate', 'basic'], io.out, io.err)).toBe(0);
      expect(await runAdmin(db, ['products', 'set-amount', 'basic-month', '6.49'], io.out, io.err)).toBe(2);
      expect(await runAdmin(db, ['products', 'set-price-id', 'basic-month', 'prod_x'], io.out, io.err)).toBe(
        2,
      );
      expect(await runAdmin(db, ['products', 'set-amount', 'gold-month', '100'], io.out, io.err)).toBe(1);
      expect(io.lines.err).toContain("no price 'gold-month'");
    });
  });
}
