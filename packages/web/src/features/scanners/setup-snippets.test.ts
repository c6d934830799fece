/// <reference types="node" />
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  agentScript,
  dockerCommands,
  dockerfileFile,
  environmentFile,
  environmentFileText,
  onceCommand,
  systemdCommands,
  systemdUnitFile,
} from './setup-snippets.js';

const repositoryRoot = resolve(import.meta.dirname, '../../../../..');

describe('the files the setup page names', () => {
  it.each([agentScript, systemdUnitFile, dockerfileFile])('%s is in the repository', (file) => {
    expect(existsSync(resolve(repositoryRoot, file))).toBe(true);
  });
});

describe('environmentFileText', () => {
  it('names the server and leaves the key to fill in', () => {
    expect(environmentFileText('https://ipam.example.com')).toBe(
      'IPAM_SERVER=https://ipam.example.com\nIPAM_SCANNER_KEY=<the key shown once in Settings › Scanners>\n',
    );
  });
});

describe('systemdCommands', () => {
  it('makes the key file readable by root only before the key goes in', () => {
    const lines = systemdCommands().split('\n');
    expect(lines[0]).toBe(`sudo install -m 0600 -o root -g root /dev/null ${environmentFile}`);
    expect(lines[1]).toMatch(new RegExp(`^sudoedit ${environmentFile} `));
  });

  it('installs the unit the scanner package ships', () => {
    expect(systemdCommands()).toContain(`sudo cp /opt/ipam/${systemdUnitFile} /etc/systemd/system/\n`);
  });
});

describe('dockerCommands', () => {
  it('runs the shipped image on the host network with the same environment file', () => {
    const commands = dockerCommands();
    expect(commands).toContain(`docker build -f ${dockerfileFile} -t ipam-scanner .`);
    expect(commands).toContain(`--network host --cap-add NET_RAW --env-file ${environmentFile}`);
  });
});

describe('onceCommand', () => {
  it('runs one round against this server and prints the exit status', () => {
    expect(onceCommand('http://127.0.0.1:3000')).toBe(
      'IPAM_SERVER=http://127.0.0.1:3000 IPAM_SCANNER_KEY=<key> ipam-scanner --once; echo "exit status $?"',
    );
  });
});
