import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../../test/built-server.js';
import { main } from './main.js';

/**
 * The command words of each row of README.md's command table (`ipam admin products activate|deactivate
 * <…>` gives `admin products activate` and `admin products deactivate`): the words after `ipam` up to
 * the first argument, example or option.
 */
function readmeCommands(): string[][] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split('## The `ipam` command')[1]?.split('\n## ')[0] ?? '';
  const commands: string[][] = [];
  for (const line of section.split('\n')) {
    const cell = /^\| `ipam ([^`]+)` \|/.exec(line)?.[1];
    if (cell === undefined) continue;
    const words: string[][] = [];
    for (const token of cell.replaceAll('\\|', '|').split(/\s+/)) {
      if (!/^[a-z][a-z-]*(\|[a-z][a-z-]*)*$/.test(token)) break;
      words.push(token.split('|'));
    }
    // Each alternative of a word (`activate|deactivate`) is a command of its own.
    let expanded: string[][] = [[]];
    for (const choices of words) expanded = expanded.flatMap((head) => choices.map((c) => [...head, c]));
    commands.push(...expanded);
  }
  return commands;
}

/** Whether a line of the help text starts with these command words (`phpipam|netbox` stands for either). */
function helpLists(help: string, command: readonly string[]): boolean {
  return help.split('\n').some((line) => {
    const tokens = line.trim().split(/\s+/);
    return command.every((word, i) => tokens[i]?.split('|').includes(word));
  });
}

describe('ipam command', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses an unknown subcommand with exit status 2', async () => {
    vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    expect(await main(['frobnicate'])).toBe(2);
  });

  it('--help lists every command the README documents', async () => {
    let help = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      help += String(text);
      return true;
    });
    expect(await main(['--help'])).toBe(0);
    const commands = readmeCommands();
    // The table has calc, start, migrate, the admin commands, backup and both imports.
    expect(commands.length).toBeGreaterThanOrEqual(15);
    expect(commands).toContainEqual(['admin', 'products', 'deactivate']);
    expect(commands).toContainEqual(['import', 'netbox']);
    const missing = commands.filter((command) => !helpLists(help, command)).map((c) => c.join(' '));
    expect(missing).toEqual([]);
  });
});
