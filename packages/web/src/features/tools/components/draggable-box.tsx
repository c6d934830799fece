import { Group, Paper, Title, UnstyledButton } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useCallback, useRef, useState } from 'react';

interface Offset {
  x: number;
  y: number;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  origin: Offset;
}

/** Pixels of the box that always stay inside the window, so it can be grabbed again. */
const KEEP_VISIBLE = 64;
/** How far one arrow key press moves the box. */
const KEY_STEP = 24;

interface DraggableBoxProps {
  title: string;
  /** Buttons at the right of the title bar (clicking them never starts a drag). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A panel the user can move by its title bar (mouse, touch or pen) or with the arrow keys on its grip;
 * a double click on the title bar or Home on the grip puts it back. It starts in the page flow.
 */
export function DraggableBox({ title, actions, children }: DraggableBoxProps) {
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const boxRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  /** Keeps at least KEEP_VISIBLE pixels of the box in the window and its title bar below the top. */
  const clamp = useCallback((next: Offset, current: Offset): Offset => {
    const box = boxRef.current;
    if (!box) return next;
    const rect = box.getBoundingClientRect();
    const baseLeft = rect.left - current.x;
    const baseTop = rect.top - current.y;
    const between = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
    return {
      x: between(next.x, KEEP_VISIBLE - rect.width - baseLeft, window.innerWidth - KEEP_VISIBLE - baseLeft),
      y: between(next.y, -baseTop, window.innerHeight - KEEP_VISIBLE - baseTop),
    };
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const isOnControl =
      event.target instanceof Element && event.target.closest('button:not([data-grip]), a, input') !== null;
    if (event.button !== 0 || isOnControl) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      origin: offset,
    };
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const next = {
      x: current.origin.x + event.clientX - current.startX,
      y: current.origin.y + event.clientY - current.startY,
    };
    setOffset((previous) => clamp(next, previous));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onGripKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: -KEY_STEP, y: 0 },
      ArrowRight: { x: KEY_STEP, y: 0 },
      ArrowUp: { x: 0, y: -KEY_STEP },
      ArrowDown: { x: 0, y: KEY_STEP },
    };
    const move = moves[event.key];
    if (event.key === 'Home') setOffset({ x: 0, y: 0 });
    else if (move)
      setOffset((previous) => clamp({ x: previous.x + move.x, y: previous.y + move.y }, previous));
    else return;
    event.preventDefault();
  };

  const isMoved = offset.x !== 0 || offset.y !== 0;
  return (
    <Paper
      ref={boxRef}
      withBorder
      shadow={isMoved ? 'lg' : 'xs'}
      radius="md"
      role="region"
      aria-label={title}
      style={{
        transform: `translate(${offset.x}px, ${offset.y}px)`,
        position: 'relative',
        zIndex: isMoved ? 10 : undefined,
        overflow: 'hidden',
      }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        px="sm"
        py={8}
        bg="var(--mantine-color-default-hover)"
        style={{ cursor: 'grab', touchAction: 'none', userSelect: 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={() => setOffset({ x: 0, y: 0 })}
        data-testid="drag-handle"
      >
        <Group gap={6} wrap="nowrap">
          <UnstyledButton
            data-grip
            aria-label={`Move the ${title} box (arrow keys; Home puts it back)`}
            onKeyDown={onGripKey}
            style={{ display: 'flex', cursor: 'grab' }}
          >
            <IconGripVertical size={18} color="var(--mantine-color-dimmed)" />
          </UnstyledButton>
          <Title order={4} size="h5">
            {title}
          </Title>
        </Group>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
