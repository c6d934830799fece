import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider, Modal, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setUnauthorizedHandler } from '../lib/api-client.js';
import { queryClient } from '../lib/query-client.js';
import { queryKeys } from '../lib/query-keys.js';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  // Every modal's close button gets a name screen readers can say.
  components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }) },
});

// A protected call answering 401 means the session ended: forget the user, and the guard
// sends them to /login (remembering the page they were on).
setUnauthorizedHandler(() => {
  queryClient.setQueryData(queryKeys.me, null);
});

/** Theme, data cache, modals and notifications for the whole app. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
