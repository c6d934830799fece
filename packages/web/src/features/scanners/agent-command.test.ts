/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentBin, agentCommandLine, agentEnvironmentLine } from './agent-command.js';

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

describe('the agent the command lines start', () => {
  const scannerPackage: unknown = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../../../scanner/package.json'), 'utf8'),
  );

  it('is the bin of the scanner package', () => {
    expect(scannerPackage).toMatchObject({ bin: { [agentBin]: './bin/ipam-scanner.js' } });
  });
});
