import { describe, expect, it } from 'vitest';
import { agentCommandLine, agentEnvironmentLine } from './agent-command.js';

const key = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';

describe('agentCommandLine', () => {
  it('starts the agent with the server and the key as options', () => {
    expect(agentCommandLine('https://ipam.example.com', key)).toBe(
      `ipam-scanner --server https://ipam.example.com --key ${key}`,
    );
  });
});

describe('agentEnvironmentLine', () => {
  it('starts the agent with the server and the key in the environment', () => {
    expect(agentEnvironmentLine('http://10.0.0.5:3000', key)).toBe(
      `IPAM_SERVER=http://10.0.0.5:3000 IPAM_SCANNER_KEY=${key} ipam-scanner`,
    );
  });
});
