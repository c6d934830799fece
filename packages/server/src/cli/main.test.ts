import { describe, expect, it } from 'vitest';
import { main } from './main.js';

describe('ipam command', () => {
  it('refuses an unknown subcommand with exit status 2', async () => {
    expect(await main(['frobnicate'])).toBe(2);
  });
});
