import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface ReasonedButtonProps extends ButtonProps {
  /** Why the button cannot be used now; null when it can. */
  disabledReason: string | null;
  onClick: () => void;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * A button that, when it cannot be used, stays focusable and hoverable so its tooltip can say why
 * (a disabled element gets no pointer or focus events); clicks do nothing then.
 */
export function ReasonedButton({ disabledReason, onClick, children, ...props }: ReasonedButtonProps) {
  const isDisabled = disabledReason !== null;
  return (
    <Tooltip
      label={disabledReason}
      disabled={!isDisabled}
      multiline
      maw={260}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Button
        {...props}
        data-disabled={isDisabled || undefined}
        aria-disabled={isDisabled || undefined}
        aria-description={disabledReason ?? undefined}
        onClick={(event) => {
          if (isDisabled) event.preventDefault();
          else onClick();
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
