import { connect } from 'node:net';
import pMap from 'p-map';
import { ProbeError, type ProbeOutcomes, type Prober } from './prober.js';

/** Ports a host with ICMP filtered is likely to serve: SSH, HTTP, HTTPS, SMB, RDP. */
export const COMMON_PORTS: readonly number[] = [22, 80, 443, 445, 3389];

/** What one connect attempt met: a listener, a refusal (RST: the host is there), or nothing in time. */
export type ConnectAnswer = 'accepted' | 'refused' | 'silent';

/** Errors that say nothing about the host but that this machine ran out of sockets. */
const LOCAL_FAILURES = new Set(['EMFILE', 'ENFILE', 'ENOBUFS']);

/**
 * Tries one TCP connection to `address` (an IP literal: no name lookup) and closes it at once.
 * Rejects with ProbeError only when the failure is ours (out of sockets), not the host's.
 */
export function tcpConnect(address: string, port: number, timeoutMs: number): Promise<ConnectAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port });
    const timer = setTimeout(() => finish('silent'), timeoutMs);
    function finish(answer: ConnectAnswer) {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    }
    socket.once('connect', () => finish('accepted'));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== undefined && LOCAL_FAILURES.has(error.code)) {
        clearTimeout(timer);
        socket.destroy();
        reject(new ProbeError(`tcp connect failed on this machine: ${error.code}`));
      } else finish(error.code === 'ECONNREFUSED' ? 'refused' : 'silent');
    });
  });
}

export interface TcpProbeOptions {
  readonly ports: readonly number[];
  /** Only a host that accepts a connection is alive (a refusal may come from a firewall, or loopback). */
  readonly isRefusedDead: boolean;
  readonly timeoutMs: number;
  /** Hosts probed at once (each with all its ports in parallel). */
  readonly concurrency: number;
}

/** Whether a host's answers on its ports prove it is there. */
export function isAliveByTcp(answers: readonly ConnectAnswer[], isRefusedDead: boolean): boolean {
  return answers.some((answer) => answer === 'accepted' || (answer === 'refused' && !isRefusedDead));
}

/** TCP connect to every port of each host (ports in parallel), `concurrency` hosts at once. */
export function tcpProber(options: TcpProbeOptions): Prober {
  return {
    description: `tcp ${options.ports.join(',')}${options.isRefusedDead ? ' (refused is dead)' : ''}`,
    async probe(targets) {
      const alive = await pMap(
        targets,
        async (target) => {
          const answers = await Promise.all(
            options.ports.map((port) => tcpConnect(target.text, port, options.timeoutMs)),
          );
          return isAliveByTcp(answers, options.isRefusedDead);
        },
        { concurrency: options.concurrency },
      );
      const outcomes: ProbeOutcomes = new Map();
      targets.forEach((target, index) =>
        outcomes.set(target.text, { alive: alive[index] === true, method: 'tcp' }),
      );
      return outcomes;
    },
  };
}
