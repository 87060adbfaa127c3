import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Fab, LinearProgress, Tooltip, Zoom } from '@mui/material';
import { MSG, SCROLL_TOP_THRESHOLD_PX } from '@taxi/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { useAppInfo } from './appInfo';

let bannerHidden = false;
const bannerListeners = new Set<() => void>();
const subscribeBanner = (listener: () => void) => {
  bannerListeners.add(listener);
  return () => bannerListeners.delete(listener);
};
function hideBanner(): void {
  bannerHidden = true;
  for (const listener of bannerListeners) listener();
}

/** Production banner (shell.md §1): visible until clicked. It sits in the page flow (inside the app bar on
 * protected pages) so it never covers the controls. */
export function ProductionBanner({ spacer = false }: { spacer?: boolean }) {
  const info = useAppInfo();
  const hidden = useSyncExternalStore(subscribeBanner, () => bannerHidden);
  if (hidden || info.data?.app_env !== 'production') return null;
  return (
    <Box
      role={spacer ? undefined : 'alert'}
      onClick={spacer ? undefined : hideBanner}
      data-testid={spacer ? undefined : 'production-banner'}
      sx={{
        bgcolor: 'error.main',
        color: 'error.contrastText',
        textAlign: 'center',
        py: 0.5,
        fontWeight: 700,
        fontSize: 13,
        letterSpacing: 0.5,
        cursor: 'pointer',
      }}
    >
      {MSG.productionBanner}
    </Box>
  );
}

/** Thin progress bar at the top while a navigation (lazy page load) is pending. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      color="secondary"
      data-testid="navigation-progress"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}

/** Scroll-to-top button after SCROLL_TOP_THRESHOLD_PX of scroll. */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={visible}>
      <Box sx={{ position: 'fixed', right: 24, bottom: 92, zIndex: (theme) => theme.zIndex.speedDial }}>
        <Tooltip title={MSG.scrollTop} placement="left">
          <Fab
            size="small"
            color="default"
            aria-label={MSG.scrollTop}
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <KeyboardArrowUpIcon />
          </Fab>
        </Tooltip>
      </Box>
    </Zoom>
  );
}
