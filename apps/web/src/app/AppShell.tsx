import MenuIcon from '@mui/icons-material/Menu';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import {
  AppBar,
  Box,
  Breadcrumbs,
  Drawer,
  Fab,
  IconButton,
  Link,
  Stack,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { MSG, pathTo, type RouteMeta, routeByName, settingsPolicy, shellPolicy } from '@taxi/shared';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AiPopupTray } from '../features/ai/AiPopupTray';
import { AiStatusButton } from '../features/ai/AiStatusButton';
import { usePolicy } from '../features/auth/currentUser';
import { ProfileMenu } from '../features/auth/ProfileMenu';
import { ExceptionsButton } from '../features/exceptions/ExceptionsButton';
import { UnreadMessagesButton } from '../features/messages/UnreadMessagesButton';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { ApprovalsButton } from '../features/people/ApprovalsButton';
import { SeasonSelector } from '../features/season/SeasonSelector';
import { TicketsButton } from '../features/tickets/TicketsButton';
import { VoiceButton } from '../features/voice/VoiceButton';
import { ProductionBanner } from './globalChrome';
import { NavDrawerContent } from './NavDrawer';
import { OrderSearchButton, OrderSearchProvider } from './orderSearch';
import { OVERLAYS } from './overlays';
import { ScrollTopButton } from './ScrollTopButton';
import { SocketIndicator } from './SocketIndicator';
import { DRAWER_WIDTH } from './theme';

function QuickPhoneBooking() {
  const allows = usePolicy();
  const { t } = useTranslation();
  if (!allows(shellPolicy.phoneBooking)) return null;
  const title = t(routeByName('PhoneBooking').title);
  return (
    <Tooltip title={title} placement="left">
      <Fab
        color="secondary"
        component={RouterLink}
        to={pathTo('PhoneBooking')}
        aria-label={title}
        data-testid="fab-phone-booking"
        sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <PhoneInTalkIcon />
      </Fab>
    </Tooltip>
  );
}

/** The main region's id: the skip link's target. */
export const MAIN_ID = 'main-content';

/**
 * The shell's first focusable element: hidden until the keyboard reaches it, it skips the toolbar and the drawer
 * (twenty and more stops) and puts the focus on the page itself.
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      data-testid="skip-link"
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // The focus moves, not the address: the page's URL (its query) stays as it is.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 6,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 600,
        textDecoration: 'underline',
        // Off screen (still in the tab order and read by screen readers) until it has the focus.
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {t('Skip to content')}
    </Box>
  );
}

/** Drawer, toolbar, floating button and global overlays around every protected page (shell.md §2.2–§2.5). */
export function AppShell({ meta, children }: { meta: RouteMeta | undefined; children: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [wideOpen, setWideOpen] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const allows = usePolicy();
  const { t } = useTranslation();
  const drawerOpen = wide ? wideOpen : narrowOpen;

  useEffect(() => {
    document.title = meta ? `${t(meta.title)} · ${MSG.appTitle}` : MSG.appTitle;
  }, [meta, t]);

  const toggle = () => (wide ? setWideOpen(!wideOpen) : setNarrowOpen(!narrowOpen));
  const closeNarrow = () => {
    if (!wide) setNarrowOpen(false);
  };

  return (
    <OrderSearchProvider>
      {/* A fullHeight page (the board, the maps) gets exactly the window: it scrolls inside, the page never. */}
      <Box sx={{ display: 'flex', minHeight: '100vh', ...(meta?.fullHeight && { height: '100vh' }) }}>
        <SkipLink />
        <AppBar
          position="fixed"
          color="primary"
          sx={{
            zIndex: (t) => t.zIndex.drawer + 1,
            ml: wide && wideOpen ? `${DRAWER_WIDTH}px` : 0,
            width: wide && wideOpen ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%',
            transition: (t) => t.transitions.create(['margin', 'width']),
          }}
        >
          <ProductionBanner />
          <Toolbar variant="dense" sx={{ gap: 0.5 }}>
            <IconButton
              color="inherit"
              edge="start"
              onClick={toggle}
              aria-label={MSG.toggleDrawer}
              data-testid="drawer-toggle"
            >
              <MenuIcon />
            </IconButton>
            {/* The page's title is its one h1 (pages start their own sections at h2). */}
            <Typography
              variant="subtitle1"
              component="h1"
              noWrap
              sx={{ fontWeight: 600, ml: 1, flexShrink: 1, minWidth: 0 }}
            >
              {meta && t(meta.title)}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <OrderSearchButton />
            <SocketIndicator />
            <VoiceButton />
            {/* The AI popups wait here, where they can cover no form; the panel opens from it only. */}
            <AiPopupTray />
            <AiStatusButton />
            <ExceptionsButton />
            {allows(shellPolicy.messages) && <UnreadMessagesButton />}
            <TicketsButton />
            <ApprovalsButton />
            {allows(settingsPolicy.setSeason) && (
              <Box sx={{ mx: 1, display: { xs: 'none', sm: 'block' } }}>
                <SeasonSelector />
              </Box>
            )}
            {allows(shellPolicy.notifications) && <NotificationBell />}
            <ProfileMenu />
          </Toolbar>
        </AppBar>
        <Drawer
          variant={wide ? 'persistent' : 'temporary'}
          open={drawerOpen}
          onClose={() => setNarrowOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{
            width: wide && wideOpen ? DRAWER_WIDTH : 0,
            flexShrink: 0,
            transition: (t) => t.transitions.create('width'),
            '& .MuiDrawer-paper': {
              width: DRAWER_WIDTH,
              boxSizing: 'border-box',
              borderRight: 1,
              borderColor: 'divider',
            },
          }}
        >
          <NavDrawerContent onNavigate={closeNarrow} />
        </Drawer>
        {/* Focusable by the skip link only (tabIndex -1): the next Tab goes to the page's first control. */}
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', outline: 'none' }}
        >
          {/* Same height as the fixed app bar: banner (if shown) and toolbar. */}
          <Box sx={{ visibility: 'hidden' }} aria-hidden>
            <ProductionBanner spacer />
          </Box>
          <Toolbar variant="dense" />
          {/* Room under the page for the floating phone-booking button, so it never covers a table's paging. */}
          <Box
            sx={{
              p: { xs: 1.5, md: 2.5 },
              pb: meta?.fullHeight ? undefined : { xs: 10, md: 11 },
              flex: 1,
              ...(meta?.fullHeight && { minHeight: 0, display: 'flex', flexDirection: 'column' }),
            }}
          >
            {meta?.breadcrumb && (
              <Breadcrumbs aria-label={t('Breadcrumb')} sx={{ mb: 1.5, fontSize: 12 }} data-testid="breadcrumb">
                <Link component={RouterLink} to="/" underline="hover" color="inherit">
                  {MSG.appTitle}
                </Link>
                <Typography color="textPrimary" sx={{ fontSize: 12 }}>
                  {t(meta.title)}
                </Typography>
              </Breadcrumbs>
            )}
            <Stack sx={meta?.fullHeight ? { flex: 1, minHeight: 0 } : undefined}>{children}</Stack>
          </Box>
        </Box>
        {/* Floating controls and panels: a landmark of their own, so nothing on the page sits outside one. */}
        <Box component="aside" aria-label={t('Quick actions')}>
          <ScrollTopButton />
          <QuickPhoneBooking />
          {OVERLAYS.map((Overlay, index) => (
            // Overlays are a fixed list decided at build time: the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            <Overlay key={index} />
          ))}
        </Box>
      </Box>
    </OrderSearchProvider>
  );
}
