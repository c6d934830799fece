import type { Account } from '@ipam/core/api/account';
import { formatAddress } from '@ipam/core/ip-address';
import type { IpVersion, Prefix } from '@ipam/core/prefix';
import { Box, Grid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryStates } from 'nuqs';
import { useEffect, useEffectEvent, useState } from 'react';
import { GroupFormModal } from '../../../components/groups/group-form-modal.js';
import { FullPageLoader, SectionError } from '../../../components/ui/page-states.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { ipViewParams } from '../../../config/ip-view-url.js';
import { productName } from '../../../config/paths.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useGroups } from '../../../lib/groups/get-groups.js';
import { ApiError } from '../../../lib/api-client.js';
import { useVrfs } from '../../../lib/vrfs/get-vrfs.js';
import { useSubnetCount, useSubnetPath } from '../api/subnet-levels.js';
import { panelButtonReasons } from '../panel-rules.js';
import { prefillFromCidr, type SubnetFormValues } from '../subnet-form-values.js';
import { ContainerView } from './container-view.js';
import { CreateSubnetModal } from './create-subnet-modal.js';
import { EditSubnetModal } from './edit-subnet-modal.js';
import { IpAddressesView } from './ip-addresses-view.js';
import { SubnetNavPanel } from './subnet-nav-panel.js';

/** /ips (spec §2): the subnet navigation panel beside the IP Addresses view. */
export function IpsPage() {
  const account = useCurrentAccount();
  if (!account) {
    return (
      <>
        <PageTitle text="IP Addresses" />
        <Text c="dimmed">You are not linked to any account.</Text>
      </>
    );
  }
  return <IpsScreen account={account} />;
}

/** A handled create request leaves the URL with every change of the page. */
const handledCreate = { create: null, cidr: null };

function IpsScreen({ account }: { account: Account }) {
  const accountId = account.id;
  const groups = useGroups(accountId);
  const subnetCount = useSubnetCount(accountId);
  const vrfs = useVrfs(accountId);
  const [url, setUrl] = useQueryStates(ipViewParams);
  const [isGroupFormOpen, setGroupFormOpen] = useState(false);
  const [creating, setCreating] = useState<{ version: IpVersion; initial: Partial<SubnetFormValues> } | null>(
    null,
  );
  const [isEditOpen, setEditOpen] = useState(false);

  // The selected subnet with its containers (the tree opens them); a deleted one is none.
  const path = useSubnetPath(accountId, url.subnet);
  const selectedPath = url.subnet !== null && path.data?.at(-1)?.id === url.subnet ? path.data : [];
  const selected = selectedPath.at(-1) ?? null;
  const isPathMissing = path.error instanceof ApiError && path.error.status === 404;
  const pathError = path.isError && !isPathMissing ? path.error : null;
  const isSelectionPending = url.subnet !== null && selected === null && !path.isError;
  const { maxnetworks } = account;
  const isLoaded = groups.data !== undefined && subnetCount.data !== undefined && vrfs.data !== undefined;

  // Another subnet starts unfiltered and unsearched (the view's filter, search and `at` are per
  // subnet), in a new history entry.
  const selectSubnet = (subnetId: string | null) => {
    if (subnetId === url.subnet) void setUrl(handledCreate);
    else
      void setUrl(
        { ...handledCreate, subnet: subnetId, at: null, filter: null, q: null },
        { history: 'push' },
      );
  };
  const closeCreate = () => {
    setCreating(null);
    void setUrl(handledCreate);
  };

  // `/ips?create=ipv4&cidr=10.0.0.0/24` (from the calculators) opens the create form prefilled; the
  // request stays in the URL while its dialog is open (or while it is refused, with the reason).
  const { create: createParam, cidr: cidrParam } = url;
  const openCreateRequest = useEffectEvent((version: IpVersion) => {
    const reasons = panelButtonReasons({
      tier: account.tier,
      maxnetworks,
      subnetCount: subnetCount.data ?? 0,
      groupCount: groups.data?.length ?? 0,
      hasSelectedSubnet: false,
    });
    const refusal = version === 4 ? reasons.ipv4 : reasons.ipv6;
    if (refusal) {
      notifications.show({
        color: 'orange',
        title: 'The subnet cannot be created',
        message: refusal,
        autoClose: 8000,
      });
      return;
    }
    const prefill = cidrParam ? prefillFromCidr(version, cidrParam) : null;
    setCreating({ version, initial: prefill ?? {} });
  });
  // Once the lists are loaded, for each new request in the URL (a live refresh does not repeat it).
  useEffect(() => {
    if (createParam !== null && createParam !== 'group' && isLoaded) {
      openCreateRequest(createParam === 'ipv4' ? 4 : 6);
    }
  }, [createParam, cidrParam, isLoaded]);
  // `/ips?create=group` (the Dashboard's "Create your first group") opens the group form.
  useEffect(() => {
    if (createParam === 'group' && isLoaded) setGroupFormOpen(true);
  }, [createParam, isLoaded]);

  if (groups.isError || subnetCount.isError || vrfs.isError || pathError) {
    return (
      <>
        <PageTitle text="IP Addresses" />
        <SectionError
          error={groups.error ?? subnetCount.error ?? vrfs.error ?? pathError}
          onRetry={() => {
            void groups.refetch();
            void subnetCount.refetch();
            void vrfs.refetch();
            if (pathError) void path.refetch();
          }}
        />
      </>
    );
  }
  if (!isLoaded) return <FullPageLoader label="Loading subnets..." />;

  // "Create subnet here" in a container: the free block, in the container's VRF and group, as a leaf.
  const createIn = (container: { vrfId: string; groupId: string }, block: Prefix) =>
    setCreating({
      version: block.version,
      initial: {
        networkIP: formatAddress(block.version, block.network),
        prefix: String(block.length),
        vrfId: container.vrfId,
        groupId: container.groupId,
        kind: 'leaf',
      },
    });
  const vrfOf = (subnet: { vrfId: string }) => vrfs.data.find((vrf) => vrf.id === subnet.vrfId);

  return (
    <Box>
      <DocumentTitle name={selected?.name} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <SubnetNavPanel
            accountId={accountId}
            tier={account.tier}
            maxnetworks={maxnetworks}
            subnetCount={subnetCount.data}
            groups={groups.data}
            vrfs={vrfs.data}
            selectedPath={selectedPath}
            onSelect={(subnet) => selectSubnet(subnet.id)}
            onAddGroup={() => setGroupFormOpen(true)}
            onAddSubnet={(version) =>
              setCreating({
                version,
                initial: selected ? { groupId: selected.groupId, vrfId: selected.vrfId } : {},
              })
            }
            onEditSubnet={() => setEditOpen(true)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          {isSelectionPending ? (
            <Text c="dimmed">Loading subnet...</Text>
          ) : selected?.kind === 'container' ? (
            <ContainerView
              key={selected.id}
              accountId={accountId}
              container={selected}
              vrfs={vrfs.data}
              onSelect={(subnet) => selectSubnet(subnet.id)}
              onEditSubnet={() => setEditOpen(true)}
              onCreateHere={(block) => createIn(selected, block)}
            />
          ) : (
            <IpAddressesView
              accountId={accountId}
              subnet={selected}
              vrf={selected ? vrfOf(selected) : undefined}
              onEditSubnet={() => setEditOpen(true)}
            />
          )}
        </Grid.Col>
      </Grid>
      <GroupFormModal
        accountId={accountId}
        groups={groups.data}
        opened={isGroupFormOpen}
        onClose={() => {
          setGroupFormOpen(false);
          if (createParam === 'group') void setUrl(handledCreate);
        }}
      />
      <CreateSubnetModal
        accountId={accountId}
        tier={account.tier}
        ipv6Prefixes={account.ipv6Prefixes}
        version={creating?.version ?? null}
        initial={creating?.initial}
        groups={groups.data}
        vrfs={vrfs.data}
        onClose={closeCreate}
        onCreated={(subnet) => selectSubnet(subnet.id)}
      />
      <EditSubnetModal
        accountId={accountId}
        tier={account.tier}
        subnet={isEditOpen ? selected : null}
        groups={groups.data}
        vrfs={vrfs.data}
        onClose={() => setEditOpen(false)}
        onDeleted={() => selectSubnet(null)}
      />
    </Box>
  );
}

/** Names the browser tab after the subnet in view (the visible title is the view's own heading). */
function DocumentTitle({ name }: { name: string | undefined }) {
  useEffect(() => {
    document.title = name ? `${name} · IP Addresses · ${productName}` : `IP Addresses · ${productName}`;
  }, [name]);
  return null;
}
