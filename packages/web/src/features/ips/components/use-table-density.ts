import { useLocalStorage } from '@mantine/hooks';

/** How tightly the address table lays out its rows. */
export type TableDensity = 'comfortable' | 'compact';

/** Row height per density: compact fits at least 25 rows in the table on a 1920×1080 screen. */
export const ROW_HEIGHTS: Readonly<Record<TableDensity, number>> = { comfortable: 40, compact: 26 };

/** The address table's density, remembered in this browser (localStorage) across visits and subnets. */
export function useTableDensity(): [TableDensity, (density: TableDensity) => void] {
  const [density, setDensity] = useLocalStorage<TableDensity>({
    key: 'ipam.address-table.density',
    defaultValue: 'comfortable',
    // Read before the first paint, so a compact table does not open comfortable and then jump.
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (text) => (text === 'compact' ? 'compact' : 'comfortable'),
  });
  return [density, setDensity];
}
