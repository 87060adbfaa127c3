import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Fab, Tooltip, Zoom } from '@mui/material';
import { MSG, SCROLL_TOP_THRESHOLD_PX } from '@taxi/shared';
import { useEffect, useState } from 'react';

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
