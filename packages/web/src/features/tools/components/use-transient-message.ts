import { useCallback, useEffect, useState } from 'react';

/** The calculator's messages disappear after this long (tools spec §8, §9). */
export const MESSAGE_LIFETIME_MS = 5000;

export interface TransientMessage {
  text: string;
  detail?: string;
  color: 'red' | 'yellow';
}

/** One message at a time that clears itself after five seconds; a new message restarts the clock. */
export function useTransientMessage() {
  const [message, setMessage] = useState<TransientMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const show = useCallback((text: string, color: TransientMessage['color'] = 'red', detail?: string) => {
    setMessage({ text, color, ...(detail && detail !== text ? { detail } : {}) });
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}
