import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { Badge, Button, Paper, Stack, Typography } from '@mui/material';
import { AI_LABELS } from '@taxi/shared';
import { mmss } from './useCountdown';

/**
 * The AI popups' tray, bottom right beside the phone-booking button: how many wait, the nearest countdown, and a button that shows or
 * hides the open popup. It never covers the drawer nor blocks the board.
 */
export function AiPopupTray(props: { count: number; nextSeconds: number; shown: boolean; onToggle: () => void }) {
  return (
    <Paper
      elevation={6}
      data-testid="ai-popup-tray"
      sx={{
        // Left of the floating phone-booking button (AppShell: right 24, 56 px wide).
        position: 'fixed',
        right: 96,
        bottom: 24,
        zIndex: (t) => t.zIndex.drawer + 2,
        px: 1.5,
        py: 0.75,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Badge badgeContent={props.count} color="error">
          <SmartToyOutlinedIcon color="primary" />
        </Badge>
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="ai-popup-count">
          {AI_LABELS.tray(props.count)}
        </Typography>
        <Typography
          variant="body2"
          color={props.nextSeconds <= 30 ? 'error' : 'textSecondary'}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="ai-popup-next"
        >
          {AI_LABELS.trayNext(mmss(props.nextSeconds))}
        </Typography>
        <Button size="small" variant={props.shown ? 'text' : 'contained'} onClick={props.onToggle}>
          {props.shown ? AI_LABELS.hidePopup : AI_LABELS.showPopup}
        </Button>
      </Stack>
    </Paper>
  );
}
