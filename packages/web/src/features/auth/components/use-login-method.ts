import { useLocalStorage } from '@mantine/hooks';

/** How a person signs in on a server with a directory: its user name, or an e-mail address. */
export type LoginMethod = 'directory' | 'email';

/**
 * The sign-in method last used in this browser (localStorage); the directory at first, since on a
 * server that has one most people are its users.
 */
export function useLoginMethod(): [LoginMethod, (method: LoginMethod) => void] {
  const [method, setMethod] = useLocalStorage<LoginMethod>({
    key: 'ipam.login-method',
    defaultValue: 'directory',
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (text) => (text === 'email' ? 'email' : 'directory'),
  });
  return [method, setMethod];
}
