import type { ScanHost } from '@ipam/core/schemas/scanner-schemas';
import type { Change } from '../commands/change.js';
import {
  addCounts,
  adjustStatusCounts,
  NO_COUNTS,
  statusChange,
} from '../addresses/address-count-repository.js';
import type { StoredAddress, SubnetRef } from '../addresses/address-repository.js';
import { addressView } from '../addresses/address-view.js';
import { lockAddressRows, writeAddressRows } from '../addresses/address-write-repository.js';
import { recordAlerts, type NewAlert } from '../alerts/record-alerts.js';

/**
 * Records what a scan saw of its live hosts, whatever the subnet's scanning rule: each one's last seen
 * (first seen too, the first time), the scanner's name and the MAC it reported (a host reported without
 * one keeps its MAC). A never-written address found alive gets its row (still Available). These are
 * observations, not edits: who last updated the address stays, and only a MAC that changes goes to
 * History and is flagged on the address (`previousMac`, `macChangedAt`) when another MAC answered before.
 * Both are alerts too (a host seen the first time, another MAC answering): written in the same
 * transaction, sent to webhooks and announced live.
 */
export async function recordSightings(
  change: Change,
  accountId: string,
  subnet: SubnetRef,
  scannerName: string,
  hosts: ReadonlyMap<bigint, ScanHost>,
  seenAt: string,
): Promise<void> {
  const { trx, audit } = change;
  const alive = new Map([...hosts].filter(([, host]) => host.alive));
  if (alive.size === 0) return;
  const { rows, created } = await lockAddressRows(trx, accountId, subnet, [...alive.keys()]);
  const changes = rows.map((before) => {
    const mac = alive.get(before.value)?.mac ?? before.mac;
    const firstSeen = before.firstSeen ?? seenAt;
    const seen = { ...before, mac, firstSeen, lastSeen: seenAt, lastSeenBy: scannerName };
    // Another MAC answering where one was recorded is a conflict, flagged until a person edits the address.
    const isConflict = before.mac !== null && mac !== before.mac;
    const after = isConflict ? { ...seen, previousMac: before.mac, macChangedAt: seenAt } : seen;
    return { before, after };
  });
  await writeAddressRows(
    trx,
    accountId,
    subnet,
    changes.map(({ after }) => after),
  );
  const counted = [...created].map(() => statusChange(null, 'Available'));
  await adjustStatusCounts(trx, subnet.id, counted.reduce(addCounts, NO_COUNTS));
  await recordAlerts(
    change,
    accountId,
    subnet.id,
    sightingAlerts(subnet.id, changes, alive, scannerName),
    seenAt,
  );
  const macChanges = changes.filter(({ before, after }) => before.mac !== after.mac);
  if (macChanges.length === 0) return;
  audit(
    macChanges.map(({ before, after }) => ({
      action: 'update',
      entity: 'address',
      entityId: before.ipAddress,
      subnetId: subnet.id,
      before: addressView(before),
      after: addressView(after),
    })),
  );
}

/**
 * The alerts of a scan's sightings: a host no scanner had seen before, and another MAC answering where
 * one was recorded (both for a first sighting with another MAC than the one typed in).
 */
function sightingAlerts(
  subnetId: string,
  changes: readonly { before: StoredAddress; after: StoredAddress }[],
  alive: ReadonlyMap<bigint, ScanHost>,
  scannerName: string,
): NewAlert[] {
  return changes.flatMap(({ before, after }) => {
    const alerts: NewAlert[] = [];
    const ipAddress = before.ipAddress;
    if (before.firstSeen === null) {
      const hostname = alive.get(before.value)?.hostname ?? '';
      alerts.push({
        content: {
          subnetId,
          ipAddress,
          kind: 'new_host',
          details: { scannerName, mac: after.mac, hostname },
        },
        before: null,
        after: addressView(after),
      });
    }
    if (before.mac !== null && after.mac !== null && after.mac !== before.mac) {
      alerts.push({
        content: {
          subnetId,
          ipAddress,
          kind: 'mac_changed',
          details: { scannerName, previousMac: before.mac, mac: after.mac },
        },
        before: addressView(before),
        after: addressView(after),
      });
    }
    return alerts;
  });
}
