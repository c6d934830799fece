import { alertText, type Alert } from '@ipam/core/api/alert';
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { alertPath, alertsAfter, getAlerts, onAlertSignal, type AlertMark } from '../../lib/alerts.js';

/** Alerts read per announcement; more than this in one burst are counted on the dashboard. */
const READ_PER_SIGNAL = 20;
/** Alerts toasted one by one; a bigger burst gets one toast that sums it up. */
const SINGLE_TOASTS = 3;
const toastColors: Record<Alert['kind'], string> = {
  new_host: 'blue',
  mac_changed: 'orange',
  went_stale: 'gray',
};

/** A link inside a toast (toasts render outside the router, so it navigates itself). */
function ToastLink({ to, label, go }: { to: string; label: string; go: (to: string) => void }) {
  return (
    <Anchor
      href={to}
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        go(to);
      }}
    >
      {label}
    </Anchor>
  );
}

function showToasts(fresh: readonly Alert[], go: (to: string) => void): void {
  if (fresh.length <= SINGLE_TOASTS) {
    for (const alert of [...fresh].reverse()) {
      notifications.show({
        title: 'Discovery alert',
        color: toastColors[alert.kind],
        autoClose: 10_000,
        message: (
          <>
            <Text size="sm" data-testid="alert-toast">
              {alertText(alert)}
            </Text>
            <ToastLink to={alertPath(alert)} label="Open address" go={go} />
          </>
        ),
      });
    }
    return;
  }
  const [newest] = fresh;
  const more = fresh.length >= READ_PER_SIGNAL ? `${fresh.length - 1} or more` : `${fresh.length - 1}`;
  notifications.show({
    title: `${fresh.length >= READ_PER_SIGNAL ? 'Many' : fresh.length} new alerts`,
    color: 'blue',
    autoClose: 10_000,
    message: (
      <>
        <Text size="sm" data-testid="alert-toast">
          {newest ? alertText(newest) : ''} and {more} more
        </Text>
        <ToastLink to={paths.dashboard} label="See them on the dashboard" go={go} />
      </>
    ),
  });
}

/**
 * Toasts the account's new alerts to the person viewing it: when its event stream announces alerts,
 * reads the newest and shows those written since the last ones it knew (a few one by one, a burst as
 * one toast). What was there when the page opened is not news.
 */
export function useAlertToasts(accountId: string | undefined): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (accountId === undefined) return;
    let isClosed = false;
    let mark: AlertMark | null = null;
    // Reads run one after another, so a burst of announcements never toasts an alert twice.
    let reading = getAlerts(accountId, 1)
      .then((page) => {
        mark = page.items[0] ?? null;
      })
      .catch(() => undefined);
    const readNew = async () => {
      const page = await getAlerts(accountId, READ_PER_SIGNAL);
      const fresh = alertsAfter(page.items, mark);
      const [newest] = fresh;
      if (!newest || isClosed) return;
      mark = newest;
      showToasts(fresh, (to) => void navigate(to));
    };
    const stop = onAlertSignal((signalled) => {
      if (signalled !== accountId) return;
      reading = reading.then(readNew).catch(() => undefined);
    });
    return () => {
      isClosed = true;
      stop();
    };
  }, [accountId, navigate]);
}
