import type { Plan, PlanSubnet, PlanValidation } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { Box, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type UseMutationResult, useIsMutating } from '@tanstack/react-query';
import { startTransition, useMemo, useRef, useState } from 'react';
import { SectionError } from '../../../components/ui/page-states.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeletePlanSubnet, useSplitPlanSubnet } from '../api/plan-subnets.js';
import { planWriteKey, useDeletePlan, useDuplicatePlan } from '../api/plans.js';
import { ApplyDialog } from './apply-dialog.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { DeleteSubnetDialog } from './delete-subnet-dialog.js';
import { ExportDialog } from './export-dialog.js';
import { HistoryDrawer } from './history-drawer.js';
import { PlanFormDialog } from './plan-form-dialog.js';
import { PlanStatCards } from './plan-stat-cards.js';
import { type PlanMenuAction, PlanToolbar, type PlanViewMode } from './plan-toolbar.js';
import { SplitDialog } from './split-dialog.js';
import type { SubnetHandlers } from './subnet-actions.js';
import { type EditorTarget, SubnetEditorDialog } from './subnet-editor-dialog.js';
import { SubnetTable } from './subnet-table.js';
import { SubnetTree } from './subnet-tree.js';
import { noticeConflict } from './use-conflict-notice.js';
import { ValidationBanners } from './validation-banners.js';
import { SavingOverlay } from './saving-overlay.js';
import { ValidationDialog } from './validation-dialog.js';

type PlanDialog = 'validation' | 'export' | 'history' | 'apply' | 'edit' | 'delete' | null;

interface PlanViewProps {
  accountId: string;
  plan: Plan;
  validate: UseMutationResult<PlanValidation, Error, string>;
  /** Whether the caller may change plans (not viewers and limited editors): else the plan is read only. */
  canChange: boolean;
  onPlanGone: () => void;
  onOpenPlan: (planId: string) => void;
}

/** The selected plan: toolbar, banners, stat cards, tree or table, and their dialogs (PL-40 … PL-68). */
export function PlanView({ accountId, plan, validate, canChange, onPlanGone, onOpenPlan }: PlanViewProps) {
  const canCreateSubnets = useCan().can('editor');
  const [view, setView] = useState<PlanViewMode>('tree');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editor, setEditor] = useState<EditorTarget>(null);
  const [splitting, setSplitting] = useState<PlanSubnet | null>(null);
  const [deleting, setDeleting] = useState<PlanSubnet | null>(null);
  const [dialog, setDialog] = useState<PlanDialog>(null);
  const isWriting = useIsMutating({ mutationKey: planWriteKey }) > 0;
  const split = useSplitPlanSubnet(accountId, plan.id);
  const removeSubnet = useDeletePlanSubnet(accountId, plan.id);
  const duplicate = useDuplicatePlan(accountId);
  const removePlan = useDeletePlan(accountId);
  const byId = new Map(plan.subnets.map((subnet) => [subnet.id, subnet]));
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;

  // The handlers stay the same object across renders, so memoised rows do not re-render.
  const byIdRef = useRef(byId);
  byIdRef.current = byId;
  const handlers = useMemo<SubnetHandlers>(() => {
    /** A subnet action on a subnet removed meanwhile says so (PL-61). */
    const withSubnet = (id: string, run: (subnet: PlanSubnet) => void) => {
      const subnet = byIdRef.current.get(id);
      if (subnet) run(subnet);
      else notifications.show({ color: 'red', message: messages.subnetNotFound });
    };
    return {
      canChange,
      canCreateSubnets,
      onSelect: (id) => setSelectedId((before) => (before === id ? null : id)),
      onEdit: (id) => withSubnet(id, (subnet) => setEditor({ mode: 'edit', subnet })),
      onSplit: (id) => withSubnet(id, setSplitting),
      onDelete: (id) => withSubnet(id, setDeleting),
    };
  }, [canChange, canCreateSubnets]);
  const runValidation = () => !validate.isPending && validate.mutate(plan.id);

  const onMenu = (action: PlanMenuAction) => {
    if (action === 'duplicate') {
      if (duplicate.isPending) return;
      duplicate.mutate(plan.id, {
        onSuccess: (copy) => {
          notifications.show({ color: 'green', message: `Plan ${copy.name} created.` });
          onOpenPlan(copy.id);
        },
        onError: () => notifications.show({ color: 'red', message: messages.duplicatePlanFailed }),
      });
    } else {
      if (action === 'delete') removePlan.reset();
      setDialog(action);
    }
  };

  return (
    <Box pos="relative">
      <SavingOverlay visible={isWriting} />
      <Stack>
        <PlanToolbar
          view={view}
          // A transition: React renders the other view in slices, so the switch never blocks the page.
          onViewChange={(next) => startTransition(() => setView(next))}
          isValidating={validate.isPending}
          isWriting={isWriting}
          canChange={canChange}
          selected={selected}
          // A new subnet starts at the top level; only 'Add Child' starts it inside the selected one.
          onAddSubnet={() => setEditor({ mode: 'add', parent: null })}
          onAddChild={() => selected && setEditor({ mode: 'add', parent: selected })}
          onValidate={runValidation}
          onExport={() => setDialog('export')}
          onMenu={onMenu}
        />
        {validate.isError && <SectionError error={validate.error} onRetry={runValidation} />}
        <ValidationBanners validation={plan.planValidation} onDetails={() => setDialog('validation')} />
        <PlanStatCards subnets={plan.subnets} />
        {view === 'tree' ? (
          <SubnetTree
            subnets={plan.subnets}
            selectedId={selectedId}
            initialShowUtilization={plan.settings.showUtilization}
            isWriting={isWriting}
            handlers={handlers}
          />
        ) : (
          <SubnetTable
            subnets={plan.subnets}
            selectedId={selectedId}
            initialShowUtilization={plan.settings.showUtilization}
            isWriting={isWriting}
            handlers={handlers}
          />
        )}
      </Stack>
      <SubnetEditorDialog
        accountId={accountId}
        plan={plan}
        target={editor}
        onClose={() => setEditor(null)}
        onSaved={(saved) => setSelectedId(saved.id)}
      />
      <SplitDialog
        subnet={splitting}
        isRunning={split.isPending}
        failure={split.error}
        onClose={() => {
          split.reset();
          setSplitting(null);
        }}
        onSplit={(body) =>
          splitting &&
          !split.isPending &&
          split.mutate(
            { subnetId: splitting.id, body: { ...body, expectedVersion: plan.version } },
            { onSuccess: () => setSplitting(null), onError: noticeConflict },
          )
        }
      />
      <DeleteSubnetDialog
        subnet={deleting}
        subnets={plan.subnets}
        isRunning={removeSubnet.isPending}
        failure={removeSubnet.isError ? messages.errorRemovingSubnet : null}
        onClose={() => {
          removeSubnet.reset();
          setDeleting(null);
        }}
        onConfirm={() =>
          deleting &&
          !removeSubnet.isPending &&
          removeSubnet.mutate(
            { subnetId: deleting.id, expectedVersion: plan.version },
            { onSuccess: () => setDeleting(null), onError: noticeConflict },
          )
        }
      />
      <ValidationDialog
        opened={dialog === 'validation'}
        plan={plan}
        isValidating={validate.isPending}
        onRevalidate={runValidation}
        onClose={() => setDialog(null)}
      />
      <ExportDialog
        opened={dialog === 'export'}
        accountId={accountId}
        plan={plan}
        onClose={() => setDialog(null)}
      />
      <HistoryDrawer
        accountId={accountId}
        planId={plan.id}
        opened={dialog === 'history'}
        onClose={() => setDialog(null)}
      />
      <ApplyDialog
        accountId={accountId}
        plan={plan}
        opened={dialog === 'apply'}
        onClose={() => setDialog(null)}
      />
      <PlanFormDialog
        accountId={accountId}
        opened={dialog === 'edit'}
        plan={plan}
        onClose={() => setDialog(null)}
        onSaved={() => undefined}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete Plan"
        confirmLabel="Delete"
        isRunning={removePlan.isPending}
        failure={removePlan.isError ? messages.deletePlanFailed : null}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          removePlan.mutate(
            { planId: plan.id, expectedVersion: plan.version },
            {
              onSuccess: () => {
                setDialog(null);
                onPlanGone();
              },
              onError: noticeConflict,
            },
          )
        }
      >
        {messages.confirmDeletePlan(plan.name)}
      </ConfirmDialog>
    </Box>
  );
}
