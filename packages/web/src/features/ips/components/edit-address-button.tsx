import type { Address } from '@ipam/core/api/ipam';
import { Button } from '@mantine/core';

/** A row's Edit button (address table and free-range list); none when the caller may not edit. */
export function EditAddressButton({
  address,
  onEdit,
}: {
  address: Address;
  onEdit: ((address: Address) => void) | null;
}) {
  if (!onEdit) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      aria-label={`Edit ${address.ipAddress}`}
      onClick={() => onEdit(address)}
    >
      Edit
    </Button>
  );
}
