import type { PlanSubnet } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { descendantIds } from '@ipam/core/plan-tree';
import { Text } from '@mantine/core';
import { ConfirmDialog } from './confirm-dialog.js';

interface DeleteSubnetDialogProps {
  subnet: PlanSubnet | null;
  subnets: readonly PlanSubnet[];
  isRunning: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** PL-60, PL-99: the question, with the number of descendants that go too. */
export function DeleteSubnetDialog({
  subnet,
  subnets,
  isRunning,
  failure,
  onConfirm,
  onClose,
}: DeleteSubnetDialogProps) {
  const descendants = subnet ? descendantIds(subnets, subnet.id).length : 0;
  return (
    <ConfirmDialog
      opened={subnet !== null}
      title="Delete Subnet"
      confirmLabel="Delete"
      isRunning={isRunning}
      failure={failure}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {subnet && (
        <>
          <Text>{messages.confirmDeletePlanSubnet(subnet.name)}</Text>
          {descendants > 0 && <Text mt="xs">{messages.childSubnetsDeletedToo(descendants)}</Text>}
        </>
      )}
    </ConfirmDialog>
  );
}
