import type { PlanSummary } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeletePlan, useDuplicatePlan } from '../api/plans.js';
import { searchPlans } from '../lib/plan-search.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { PlanCard } from './plan-card.js';

interface PlanSelectDialogProps {
  accountId: string;
  opened: boolean;
  plans: readonly PlanSummary[];
  currentPlanId: string | null;
  /** Whether New Plan, Duplicate and Delete are offered (not to viewers and limited editors). */
  canChange: boolean;
  onClose: () => void;
  onNew: () => void;
  onPick: (planId: string) => void;
  /** A plan was deleted here (the screen leaves it if it was the open one). */
  onDeleted: (planId: string) => void;
}

/** 'Select Network Plan' (PL-45 … PL-47). */
export function PlanSelectDialog(props: PlanSelectDialogProps) {
  const { accountId, opened, plans, currentPlanId, canChange, onClose, onNew, onPick, onDeleted } = props;
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<PlanSummary | null>(null);
  const duplicate = useDuplicatePlan(accountId);
  const remove = useDeletePlan(accountId);
  const shown = searchPlans(plans, search);
  const isBusy = duplicate.isPending || remove.isPending;

  return (
    <>
      <Modal opened={opened && deleting === null} onClose={onClose} title="Select Network Plan" size="lg">
        <Stack>
          <Group wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              placeholder="Search plans..."
              aria-label="Search plans"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              data-autofocus
            />
            {canChange && (
              <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
                New Plan
              </Button>
            )}
          </Group>
          {duplicate.isError && (
            <Alert color="red" role="alert">
              {messages.duplicatePlanFailed}
            </Alert>
          )}
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {plans.length === 0 ? messages.noPlansYet : messages.noPlansMatch}
            </Text>
          ) : (
            <ScrollArea.Autosize mah="60vh">
              <Stack gap="xs" role="list" aria-label="Plans">
                {shown.map((plan) => (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    currentPlanId={currentPlanId}
                    isBusy={isBusy}
                    canChange={canChange}
                    onPick={() => onPick(plan.id)}
                    onDuplicate={() =>
                      !isBusy &&
                      duplicate.mutate(plan.id, {
                        onSuccess: (copy) =>
                          notifications.show({ color: 'green', message: `Plan ${copy.name} created.` }),
                      })
                    }
                    onDelete={() => {
                      remove.reset();
                      setDeleting(plan);
                    }}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Plan"
        confirmLabel="Delete"
        isRunning={remove.isPending}
        failure={remove.isError ? messages.deletePlanFailed : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const { id, version } = deleting;
          remove.mutate(
            { planId: id, expectedVersion: version },
            {
              onSuccess: () => {
                setDeleting(null);
                onDeleted(id);
              },
            },
          );
        }}
      >
        {deleting && messages.confirmDeletePlan(deleting.name)}
      </ConfirmDialog>
    </>
  );
}
