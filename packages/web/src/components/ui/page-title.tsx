import { Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { productName } from '../../config/paths.js';

/** A page's heading; it also names the browser tab. */
export function PageTitle({ children, text }: { children?: ReactNode; text: string }) {
  useEffect(() => {
    document.title = `${text} · ${productName}`;
  }, [text]);
  return (
    <Title order={2} mb="md">
      {children ?? text}
    </Title>
  );
}
