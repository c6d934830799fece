import { messages } from '@ipam/core/messages';
import { Alert, Box, Button, Group, Title } from '@mantine/core';
import { IconFolderOpen, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useCan } from '../../../lib/use-can.js';
import { usePlans } from '../api/plans.js';
import { NoPlanState } from './no-plan-state.js';
import { PlanFormDialog } from './plan-form-dialog.js';
import { PlanSelectDialog } from './plan-select-dialog.js';
import { PlanView } from './plan-view.js';
import { usePlanSelection } from './use-plan-selection.js';

/** The Network Planner tab of /tools (PL-34 … PL-39). */
export function PlannerPanel() {
  const account = useCurrentAccount();
  if (!account) {
    return (
      <Alert color="red" role="alert">
        {messages.accountNotLoaded}
      </Alert>
    );
  }
  // Keyed by account: switching accounts starts the planner afresh (PL-38).
  return <AccountPlanner key={account.id} accountId={account.id} />;
}

function AccountPlanner({ accountId }: { accountId: string }) {
  // Plans are account-wide: viewers and editors limited to groups read them only (docs/roles.md).
  const canChange = useCan().canEditAll;
  const plans = usePlans(accountId);
  const selection = usePlanSelection(accountId, canChange);
  const [dialog, setDialog] = useState<'select' | 'create' | null>(null);
  const plan = selection.planId !== null ? selection.plan.data : undefined;

  return (
    <Box>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3">
          Network Planner{plan ? ` — ${plan.name}` : ''}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFolderOpen size={16} />}
            disabled={plans.isPending}
            onClick={() => setDialog('select')}
          >
            {selection.planId !== null ? 'Switch Plan' : 'Select Plan'}
          </Button>
          {canChange && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('create')}>
              New Plan
            </Button>
          )}
        </Group>
      </Group>
      {selection.notice && (
        <Alert color="blue" mb="md" withCloseButton onClose={selection.dismissNotice} role="status">
          {selection.notice}
        </Alert>
      )}
      {plans.isError && <SectionError error={plans.error} onRetry={() => void plans.refetch()} />}
      {plans.isPending && <SectionLoader label="Loading plans..." />}
      {selection.planId === null ? (
        plans.isSuccess && (
          <NoPlanState
            onCreate={canChange ? () => setDialog('create') : null}
            onSelect={() => setDialog('select')}
          />
        )
      ) : selection.plan.isError ? (
        <SectionError error={selection.plan.error} onRetry={() => void selection.plan.refetch()} />
      ) : plan ? (
        <PlanView
          accountId={accountId}
          plan={plan}
          validate={selection.validate}
          canChange={canChange}
          onPlanGone={() => selection.select(null)}
          onOpenPlan={selection.select}
        />
      ) : (
        <SectionLoader label="Loading plan..." />
      )}
      <PlanSelectDialog
        accountId={accountId}
        opened={dialog === 'select'}
        plans={plans.data ?? []}
        currentPlanId={selection.planId}
        canChange={canChange}
        onClose={() => setDialog(null)}
        onNew={() => setDialog('create')}
        onPick={(id) => {
          setDialog(null);
          // Picking a card validates the plan (PL-46, PL-32); a new choice validates once it loads.
          if (id === selection.planId) selection.revalidate();
          else selection.select(id);
        }}
        onDeleted={(id) => {
          if (id === selection.planId) selection.select(null);
        }}
      />
      <PlanFormDialog
        accountId={accountId}
        opened={dialog === 'create'}
        templatePlans={(plans.data ?? []).filter((summary) => summary.isTemplate)}
        onClose={() => setDialog(null)}
        onSaved={(id) => selection.select(id)}
      />
    </Box>
  );
}
