import { expect, it } from 'vitest';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import {
  addressFields,
  createAccountContext,
  createApprovalSubnetIn,
  rowsOfSubnet,
} from '../../test/ipam-factories.js';
import { untilWaitingOnLocks } from '../../test/lock-waits.js';
import { answering } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { setAddress } from '../addresses/address-writes.js';
import { deleteSubnetWithContents } from './subnet-repository.js';
import { requireSubnet } from './subnets.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`subnet delete under concurrent writes (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('a write that waits for a delete in progress answers 404 and leaves no orphan rows', async () => {
      const { db } = database.current;
      const ctx = await createAccountContext(db);
      const subnet = await createApprovalSubnetIn(ctx, '10.0.0.0/24');
      const scanner = await scannerFor(ctx, [subnet.id]);
      let write: Promise<unknown> | undefined;
      let approvals: Promise<unknown> | undefined;
      await db.transaction().execute(async (trx) => {
        await requireSubnet(trx, ctx.account.id, subnet.id, 'update');
        // Both start while the delete holds the subnet; they finish only after it commits. PostgreSQL:
        // the delete goes on once both wait on the subnet row; SQLite: both wait for the connection.
        write = setAddress(ctx, subnet.id, '10.0.0.7', addressFields({ status: 'In Use' })).catch(
          (error: unknown) => error,
        );
        approvals = scanner.report(subnet.id, [answering('10.0.0.8')]).catch((error: unknown) => error);
        await untilWaitingOnLocks(db, [write, approvals]);
        await deleteSubnetWithContents(trx, ctx.account.id, subnet.id);
      });
      expect(await write).toMatchObject({ code: 'not_found' });
      expect(await approvals).toMatchObject({ code: 'not_found' });
      expect(await rowsOfSubnet(db, 'ip_addresses', subnet.id)).toBe(0);
      expect(await rowsOfSubnet(db, 'approvals', subnet.id)).toBe(0);
    });
  });
}
