import { MAX_DESCRIPTION_LENGTH } from '@ipam/core/schemas/common-fields';
import { MAX_BULK_ADDRESSES } from '@ipam/core/schemas/bulk-address-schemas';
import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useRef, useState } from 'react';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { errorMessage } from '../../../lib/api-client.js';
import { fetchAddressesAfter, useBulkChangeAddresses } from '../api/addresses.js';
import type { AddressListFilter } from '../address-paging.js';
import { type AddressSelection, selectedCount } from '../address-selection.js';
import { type BulkAction, bulkBody, bulkDoneText, bulkTexts, selectionPreview } from '../bulk-actions.js';

interface BulkChangeModalProps {
  accountId: string;
  subnetId: string;
  /** The action to confirm; null keeps the dialog closed. */
  action: BulkAction | null;
  selection: AddressSelection;
  /** Addresses the filter and search match (what "all matching" stands for). */
  total: number;
  /** The list in view, whose matching addresses "all matching" resolves to. */
  view: AddressListFilter;
  onClose: () => void;
  /** The change was made: the selection has served. */
  onDone: () => void;
}

/**
 * The confirmation of a bulk change, naming how many addresses it changes (and, for a description, the
 * text to write). "All matching" is resolved to addresses only now, in address order.
 */
export function BulkChangeModal(props: BulkChangeModalProps) {
  const { accountId, subnetId, action, selection, total, view, onClose, onDone } = props;
  const change = useBulkChangeAddresses(accountId, subnetId);
  const [description, setDescription] = useState('');
  const [isResolving, setResolving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The selection is cleared once the dialog has closed, so its text keeps the count while it fades.
  const isDone = useRef(false);
  const count = selectedCount(selection, total);
  const texts = action ? bulkTexts(action, count, description) : null;

  const close = () => {
    if (change.isPending || isResolving) return;
    setProblem(null);
    change.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!action || change.isPending || isResolving) return;
    setProblem(null);
    let ipAddresses = [...selection.addresses];
    if (selection.isAllMatching) {
      setResolving(true);
      try {
        const matching = { filter: view.filter, q: view.q };
        ipAddresses = await fetchAddressesAfter(accountId, subnetId, matching, null, MAX_BULK_ADDRESSES + 1);
      } catch (error) {
        setProblem(errorMessage(error));
        return;
      } finally {
        setResolving(false);
      }
      if (ipAddresses.length > MAX_BULK_ADDRESSES) {
        setProblem(
          `More than ${MAX_BULK_ADDRESSES.toLocaleString('en-US')} addresses match now: narrow the filter or search.`,
        );
        return;
      }
    }
    change.mutate(bulkBody(action, ipAddresses, description), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: bulkDoneText(action, answer.count, description) });
        isDone.current = true;
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={texts?.title ?? ''}
      onExitTransitionEnd={() => {
        setDescription('');
        if (!isDone.current) return;
        isDone.current = false;
        onDone();
      }}
    >
      <form onSubmit={(event) => void submit(event)} aria-label={texts?.title ?? 'Bulk change'}>
        <Stack>
          <Text data-testid="bulk-question">{texts?.question}</Text>
          <Text size="sm" c="dimmed">
            {selection.isAllMatching
              ? 'Every address the filter and search match now.'
              : selectionPreview([...selection.addresses])}
          </Text>
          {action?.kind === 'description' && (
            <Textarea
              label="Description"
              description="Leave empty to remove the descriptions."
              maxLength={MAX_DESCRIPTION_LENGTH}
              autosize
              minRows={2}
              data-autofocus
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
          )}
          {problem !== null && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <DialogActions
            onCancel={close}
            isSubmitting={change.isPending || isResolving}
            submitLabel={texts?.confirm ?? 'Confirm'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
