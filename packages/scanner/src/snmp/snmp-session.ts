import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { SnmpTarget } from '@ipam/core/schemas/snmp-schemas';
import { snmpTargetLabel } from '@ipam/core/schemas/snmp-schemas';
import {
  AuthProtocols,
  createSession,
  createV3Session,
  PrivProtocols,
  SecurityLevel,
  Version2c,
  type Session,
  type Varbind,
} from 'net-snmp';

/** Rows asked for in one GETBULK. */
const MAX_REPETITIONS = 50;
/** Most rows one column may have: far above any router's neighbour table, and bounds the agent's memory. */
export const MAX_COLUMN_ROWS = 500_000;

/** A target that could not be read; the message says why in words an operator can act on. */
export class SnmpReadError extends Error {
  override readonly name = 'SnmpReadError';
}

/** An open session to one target, walking columns within one deadline. */
export interface SnmpReader {
  /** Every row under `columnOid`: its value by the row's index (the OID after the column). */
  walkColumn(columnOid: string): Promise<Map<string, unknown>>;
  close(): void;
}

const AUTH: Record<Extract<SnmpTarget, { version: '3' }>['authProtocol'], AuthProtocols> = {
  sha: AuthProtocols.sha,
  sha224: AuthProtocols.sha224,
  sha256: AuthProtocols.sha256,
  sha384: AuthProtocols.sha384,
  sha512: AuthProtocols.sha512,
};

/** The address to send to and its family; a DNS name is resolved once a read. */
async function resolveHost(host: string): Promise<{ address: string; transport: 'udp4' | 'udp6' }> {
  const family = isIP(host);
  if (family !== 0) return { address: host, transport: family === 6 ? 'udp6' : 'udp4' };
  try {
    const found = await lookup(host);
    return { address: found.address, transport: found.family === 6 ? 'udp6' : 'udp4' };
  } catch (error) {
    throw new SnmpReadError(
      `${host} does not resolve (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** What went wrong, said for an operator: an unanswered request most often means wrong credentials. */
function explain(target: SnmpTarget, error: unknown): SnmpReadError {
  if (error instanceof SnmpReadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  const where = snmpTargetLabel(target);
  if (name === 'RequestTimedOutError') {
    const tries = target.retries + 1;
    const likely = target.version === '2c' ? 'a wrong community' : 'a wrong privacy password or protocol';
    return new SnmpReadError(
      `no answer from ${where} after ${tries} ${tries === 1 ? 'try' : 'tries'} of ${target.timeoutMs} ms ` +
        `(${likely}, an access list or firewall, or SNMP is off)`,
    );
  }
  if (target.version === '3') {
    if (message.includes('Wrong Digest')) {
      return new SnmpReadError(
        `${where} refused user ${target.user}'s authentication: wrong authPassword or authProtocol (${target.authProtocol})`,
      );
    }
    if (message.includes('Unknown User Name')) {
      return new SnmpReadError(`${where} does not know v3 user ${target.user}`);
    }
    if (message.includes('Unsupported Security Level')) {
      return new SnmpReadError(`${where} does not offer authPriv to v3 user ${target.user}`);
    }
    if (message.includes('Decryption Error')) {
      return new SnmpReadError(`${where} could not decrypt: wrong privPassword or privProtocol`);
    }
  }
  return new SnmpReadError(`${where}: ${message}`);
}

function openSession(target: SnmpTarget, address: string, transport: 'udp4' | 'udp6'): Session {
  // backoff 1: every try waits timeoutMs, so a request takes at most (retries + 1) × timeoutMs.
  const options = {
    port: target.port,
    transport,
    timeout: target.timeoutMs,
    retries: target.retries,
    backoff: 1,
  };
  if (target.version === '2c') {
    return createSession(address, target.community, { ...options, version: Version2c });
  }
  return createV3Session(
    address,
    {
      name: target.user,
      level: SecurityLevel.authPriv,
      authProtocol: AUTH[target.authProtocol],
      authKey: target.authPassword,
      privProtocol: PrivProtocols.aes,
      privKey: target.privPassword,
    },
    options,
  );
}

/**
 * Opens a session to `target`. Every walk ends by `deadlineMs` after opening at the latest: a target
 * that answers slowly row after row cannot hold the scan up.
 */
export async function openReader(target: SnmpTarget, deadlineMs: number): Promise<SnmpReader> {
  const { address, transport } = await resolveHost(target.host);
  const session = openSession(target, address, transport);
  // A socket error (an unreachable network) fails the walk in progress; it must not crash the agent.
  let socketError: Error | null = null;
  session.on('error', (error) => (socketError = error));
  const deadline = Date.now() + deadlineMs;
  return {
    walkColumn(columnOid) {
      return new Promise((resolve, reject) => {
        const rows = new Map<string, unknown>();
        const prefix = `${columnOid}.`;
        let isDone = false;
        let tooMany = false;
        const finish = (error: unknown) => {
          if (isDone) return;
          isDone = true;
          clearTimeout(timer);
          if (error !== null) reject(explain(target, error));
          else if (tooMany)
            reject(
              new SnmpReadError(
                `${snmpTargetLabel(target)}: more than ${MAX_COLUMN_ROWS} rows under ${columnOid}`,
              ),
            );
          else resolve(rows);
        };
        const timer = setTimeout(
          () => {
            finish(
              new SnmpReadError(
                `${snmpTargetLabel(target)}: reading its neighbour table took longer than ${Math.round(deadlineMs / 1000)} s`,
              ),
            );
            session.close();
          },
          Math.max(0, deadline - Date.now()),
        );
        const feed = (varbinds: Varbind[]): boolean => {
          for (const varbind of varbinds) {
            if (!varbind.oid.startsWith(prefix)) continue;
            rows.set(varbind.oid.slice(prefix.length), varbind.value);
          }
          tooMany = rows.size > MAX_COLUMN_ROWS;
          return tooMany || isDone;
        };
        try {
          session.subtree(columnOid, MAX_REPETITIONS, feed, (error) => finish(error ?? socketError));
        } catch (error) {
          finish(error);
        }
      });
    },
    close() {
      try {
        session.close();
      } catch {
        // Closed already (the deadline closed it).
      }
    },
  };
}
