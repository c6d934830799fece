import { SUBNET_COLUMNS, tableFileName } from '@ipam/core/table-files';
import type { SubnetExportQuery } from '@ipam/core/schemas/table-file-schemas';
import type { Db } from '../db/database.js';
import { listGroups } from '../groups/group-repository.js';
import { listSubnets } from '../subnets/subnet-repository.js';
import { listVrfs } from '../vrfs/vrf-repository.js';
import { contentTypeOf, tableStream, type TableCell, type TableFile } from './table-writer.js';

/** The account's subnets as CSV or XLSX, ordered by name; `group` and `vrf` are names. */
export async function exportSubnets(db: Db, accountId: string, query: SubnetExportQuery): Promise<TableFile> {
  // An account holds at most its tier's subnets (hundreds): read at once, written out as a stream.
  const [subnets, groups, vrfs] = await Promise.all([
    listSubnets(db, accountId),
    listGroups(db, accountId),
    listVrfs(db, accountId),
  ]);
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  const vrfNames = new Map(vrfs.map((vrf) => [vrf.id, vrf.name]));
  async function* rows(): AsyncGenerator<TableCell[]> {
    for (const subnet of subnets) {
      yield [
        subnet.name,
        subnet.networkIP,
        subnet.prefix.length,
        subnet.vlanId,
        subnet.description,
        groupNames.get(subnet.groupId) ?? '',
        subnet.scanningType,
        subnet.scanFrequency ?? '',
        vrfNames.get(subnet.vrfId) ?? '',
        subnet.kind,
      ];
    }
  }
  return {
    fileName: tableFileName('ipam', 'subnets', query.format),
    contentType: contentTypeOf(query.format),
    body: tableStream(query.format, 'Subnets', SUBNET_COLUMNS, rows()),
  };
}
