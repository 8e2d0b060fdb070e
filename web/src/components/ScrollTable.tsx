import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen. Its scrolling area takes keyboard focus and carries a name, so that
 * it can be scrolled without a mouse and a screen reader says what it holds (axe: scrollable-region-focusable).
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': label } }}>
      {children}
    </Table.ScrollContainer>
  );
}
