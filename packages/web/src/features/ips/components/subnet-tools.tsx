import { type Subnet, subnetLength } from '@ipam/core/api/ipam';
import { tableFileRoutes } from '@ipam/core/api/routes/table-files';
import { ADDRESS_COLUMNS, canExportEveryAddress } from '@ipam/core/table-files';
import { Badge, Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ExportMenu } from '../../../components/table-files/export-menu.js';
import { ImportDialog } from '../../../components/table-files/import-dialog.js';
import { apiUrl } from '../../../lib/api-client.js';
import { useApprovals } from '../api/approvals.js';
import { PendingApprovalsModal } from './pending-approvals-modal.js';

/** The Export menu's choices for a subnet's addresses (every address only up to a /16's worth). */
export function addressExportChoices(accountId: string, subnet: Subnet) {
  const params = { accountId, subnetId: subnet.id };
  const exportUrl = (format: 'csv' | 'xlsx', all: boolean) =>
    apiUrl(tableFileRoutes.exportAddresses, { params, query: { format, all } });
  const allRefusal = canExportEveryAddress({ version: subnet.version, length: subnetLength(subnet) })
    ? undefined
    : 'Every address can be exported for subnets up to a /16.';
  return [
    { label: 'Written addresses (CSV)', href: exportUrl('csv', false) },
    { label: 'Written addresses (XLSX)', href: exportUrl('xlsx', false) },
    { label: 'Every address (CSV)', href: exportUrl('csv', true), disabledReason: allRefusal },
    { label: 'Every address (XLSX)', href: exportUrl('xlsx', true), disabledReason: allRefusal },
  ];
}

/** Pending Approvals, Export and Import of a leaf listed as ranges (the same as the address-by-address view's). */
export function RangeSubnetTools({ accountId, subnet }: { accountId: string; subnet: Subnet }) {
  const approvals = useApprovals(accountId, subnet.id);
  const pending = approvals.data ?? [];
  const [isApprovalsOpen, setApprovalsOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  useEffect(() => {
    if (isApprovalsOpen && approvals.data?.length === 0) setApprovalsOpen(false);
  }, [isApprovalsOpen, approvals.data]);
  const params = { accountId, subnetId: subnet.id };
  return (
    <>
      {pending.length > 0 && (
        <Button
          size="xs"
          color="orange"
          rightSection={
            <Badge size="xs" color="orange" variant="white">
              {pending.length}
            </Badge>
          }
          onClick={() => setApprovalsOpen(true)}
        >
          Pending Approvals
        </Button>
      )}
      <ExportMenu choices={addressExportChoices(accountId, subnet)} />
      <Button size="xs" variant="default" onClick={() => setImportOpen(true)}>
        Import
      </Button>
      <ImportDialog
        title={`Import addresses into ${subnet.name}`}
        columns={ADDRESS_COLUMNS}
        urlFor={(dryRun) => apiUrl(tableFileRoutes.importAddresses, { params, query: { dryRun } })}
        opened={isImportOpen}
        onClose={() => setImportOpen(false)}
      />
      <PendingApprovalsModal
        accountId={accountId}
        subnetId={subnet.id}
        approvals={pending}
        opened={isApprovalsOpen}
        onClose={() => setApprovalsOpen(false)}
      />
    </>
  );
}
