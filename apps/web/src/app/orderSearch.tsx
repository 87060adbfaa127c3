import SearchIcon from '@mui/icons-material/Search';
import { IconButton, Tooltip } from '@mui/material';
import { MSG } from '@taxi/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

interface OrderSearchSlot {
  open: (() => void) | null;
  register: (open: (() => void) | null) => void;
}

const OrderSearchContext = createContext<OrderSearchSlot>({ open: null, register: () => {} });

export function OrderSearchProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<(() => void) | null>(null);
  const register = useCallback((fn: (() => void) | null) => setOpen(() => fn), []);
  const value = useMemo<OrderSearchSlot>(() => ({ open, register }), [open, register]);
  return <OrderSearchContext.Provider value={value}>{children}</OrderSearchContext.Provider>;
}

/** The bookings feature calls this from its overlay component (see src/app/overlays.ts) to own the toolbar's
 * advanced order search: `useRegisterOrderSearch(() => setDialogOpen(true))`; `null` when this user has no
 * search (no button then). */
export function useRegisterOrderSearch(open: (() => void) | null): void {
  const { register } = useContext(OrderSearchContext);
  const latest = useRef(open);
  latest.current = open;
  const enabled = open !== null;
  useEffect(() => {
    if (!enabled) return;
    register(() => latest.current?.());
    return () => register(null);
  }, [register, enabled]);
}

/** Opens the registered order search (the command palette's action); `null` when there is none. */
export function useOrderSearchOpener(): (() => void) | null {
  return useContext(OrderSearchContext).open;
}

/** The toolbar button: shown only once a feature has registered the search (no fake search). */
export function OrderSearchButton() {
  const { open } = useContext(OrderSearchContext);
  if (!open) return null;
  return (
    <Tooltip title={MSG.orderSearchTooltip}>
      <IconButton color="inherit" onClick={open} aria-label={MSG.orderSearchTooltip}>
        <SearchIcon />
      </IconButton>
    </Tooltip>
  );
}
