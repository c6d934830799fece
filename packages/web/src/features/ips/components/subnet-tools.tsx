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

/**
 * A subnet's pending approvals and whether their dialog is open; the dialog closes by itself once
 * nothing is pending. Both address views share it, with the button and dialog below.
 */
export function useApprovalsDialog(accountId: string, subnetId: string) {
  const approvals = useApprovals(accountId, subnetId);
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (isOpen && approvals.data?.length === 0) setOpen(false);
  }, [isOpen, approvals.data]);
  return { approvals, pending: approvals.data ?? [], isOpen, setOpen };
}

/** "Pending Approvals" with its count, shown only while some are pending. */
export function PendingApprovalsButton({ count, onClick }: { count: number; onClick: () => void }) {
  if (count === 0) return null;
  return (
    <Button
      size="xs"
      color="orange"
      rightSection={
        <Badge size="xs" color="orange" variant="white">
          {count}
        </Badge>
      }
      onClick={onClick}
    >
      Pending Approvals
    </Button>
  );
}

/** The pending approvals dialog of `useApprovalsDialog`. */
export function ApprovalsDialog(props: {
  accountId: string;
  subnetId: string;
  dialog: ReturnType<typeof useApprovalsDialog>;
}) {
  const { dialog } = props;
  return (
    <PendingApprovalsModal
      accountId={props.accountId}
      subnetId={props.subnetId}
      approvals={dialog.pending}
      opened={dialog.isOpen}
      onClose={() => dialog.setOpen(false)}
    />
  );
}

/** Import: the button and its dialog (a dry run first, then Apply) for a subnet's addresses. */
export function AddressImportButton({ accountId, subnet }: { accountId: string; subnet: Subnet }) {
  const [isOpen, setOpen] = useState(false);
  const params = { accountId, subnetId: subnet.id };
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpen(true)}>
        Import
      </Button>
      <ImportDialog
        title={`Import addresses into ${subnet.name}`}
        columns={ADDRESS_COLUMNS}
        urlFor={(dryRun) => apiUrl(tableFileRoutes.importAddresses, { params, query: { dryRun } })}
        opened={isOpen}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Pending Approvals, Export and Import of a leaf listed as ranges (the same as the address-by-address view's). */
export function RangeSubnetTools({ accountId, subnet }: { accountId: string; subnet: Subnet }) {
  const approvals = useApprovalsDialog(accountId, subnet.id);
  return (
    <>
      <PendingApprovalsButton count={approvals.pending.length} onClick={() => approvals.setOpen(true)} />
      <ExportMenu choices={addressExportChoices(accountId, subnet)} />
      <AddressImportButton accountId={accountId} subnet={subnet} />
      <ApprovalsDialog accountId={accountId} subnetId={subnet.id} dialog={approvals} />
    </>
  );
}
