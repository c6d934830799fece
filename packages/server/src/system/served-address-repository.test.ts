import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { findServedAddress, recordServedAddress } from './served-address-repository.js';

describeEachDialect('the address the server serves at (%s)', (dialect) => {
  const database = useTestDatabase(dialect);

  it('is unknown until a server records it, then the latest start wins', async () => {
    const { db } = database.current;
    expect(await findServedAddress(db)).toBeNull();
    await recordServedAddress(db, 'http://127.0.0.1:8080');
    const first = await findServedAddress(db);
    expect(first?.url).toBe('http://127.0.0.1:8080');
    await recordServedAddress(db, 'https://ipam.example.com');
    const second = await findServedAddress(db);
    expect(second?.url).toBe('https://ipam.example.com');
    expect(Date.parse(second?.recordedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(first?.recordedAt ?? ''));
    expect(await db.selectFrom('server_settings').select('key').execute()).toHaveLength(1);
  });
});
