import { Box, Tooltip } from '@mui/material';
import { MSG } from '@taxi/shared';
import { useSocketStatus } from '../api/socket';

// Labels are read at render (MSG answers in the current language), not captured here.
const LOOK = {
  connected: { color: '#43a047', label: 'socketConnected' },
  reconnecting: { color: '#fbc02d', label: 'socketReconnecting' },
  offline: { color: '#e53935', label: 'socketOffline' },
} as const;

/** A small dot telling whether live updates arrive. Renders nothing when there is no socket (airport roles). */
export function SocketIndicator() {
  const status = useSocketStatus();
  if (status === 'idle') return null;
  const look = LOOK[status];
  const label = MSG[look.label];
  return (
    <Tooltip title={label}>
      <Box
        role="status"
        aria-label={label}
        data-testid="socket-status"
        data-status={status}
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: look.color,
          mx: 1,
          boxShadow: '0 0 0 2px rgba(255,255,255,0.25)',
        }}
      />
    </Tooltip>
  );
}
