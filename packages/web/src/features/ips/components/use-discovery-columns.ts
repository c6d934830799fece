import { useLocalStorage } from '@mantine/hooks';

/**
 * Whether the address table shows what scanners recorded (MAC, last seen), remembered in this browser
 * (localStorage) across visits and subnets; shown until hidden.
 */
export function useDiscoveryColumns(): [boolean, (isShown: boolean) => void] {
  const [isShown, setShown] = useLocalStorage<boolean>({
    key: 'ipam.address-table.discovery-columns',
    defaultValue: true,
    getInitialValueInEffect: false,
    serialize: (value) => (value ? 'shown' : 'hidden'),
    deserialize: (text) => text !== 'hidden',
  });
  return [isShown, setShown];
}
