import { Popover, type PopoverProps } from '@mui/material';
import type { ReactNode } from 'react';

/** A popover under a toolbar button, aligned to its right edge; open while `anchor` is set. */
export function ToolbarPopover({
  anchor,
  onClose,
  slotProps,
  children,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  slotProps?: PopoverProps['slotProps'];
  children: ReactNode;
}) {
  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={slotProps}
    >
      {children}
    </Popover>
  );
}
