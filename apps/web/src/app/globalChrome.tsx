import { Box, LinearProgress } from '@mui/material';
import { MSG } from '@taxi/shared';
import { useSyncExternalStore } from 'react';
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
