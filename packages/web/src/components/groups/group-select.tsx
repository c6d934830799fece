import type { Group } from '@ipam/core/api/ipam';
import { Select, type SelectProps, Text } from '@mantine/core';
import { groupOptions } from '../../lib/groups/group-tree.js';

interface GroupSelectProps extends Omit<SelectProps, 'data'> {
  groups: readonly Group[];
  /** Groups that cannot be chosen (a group and its subgroups, as its own parent). */
  exclude?: ReadonlySet<string>;
  /** A first choice for "none", e.g. { value: '', label: 'No Parent' }. */
  noneOption?: { value: string; label: string };
}

/** A group picker showing the tree by indentation; the chosen value reads as the plain name. */
export function GroupSelect({ groups, exclude, noneOption, ...props }: GroupSelectProps) {
  const options = groupOptions(groups, exclude);
  const depthOf = new Map(options.map((option) => [option.value, option.depth]));
  const data = [
    ...(noneOption ? [noneOption] : []),
    ...options.map(({ value, label }) => ({ value, label })),
  ];
  return (
    <Select
      {...props}
      data={data}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No such group"
      renderOption={({ option }) => (
        <Text size="sm" pl={(depthOf.get(option.value) ?? 0) * 14}>
          {option.label}
        </Text>
      )}
    />
  );
}
