import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Toolbar, Typography } from '@mui/material';
import { type DrawerEntry, type DrawerGroup, isDrawerGroup, MSG, pathTo, visibleDrawer } from '@taxi/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth/currentUser';
import { drawerIcon } from './drawerIcons';
import { CHROME } from './theme';

function isActive(entry: DrawerEntry, pathname: string): boolean {
  return !!matchPath({ path: pathTo(entry.route), end: false }, pathname);
}

function EntryLink({ entry, nested, onNavigate }: { entry: DrawerEntry; nested?: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const active = isActive(entry, pathname);
  const { t } = useTranslation();
  return (
    <ListItemButton
      component={RouterLink}
      to={pathTo(entry.route)}
      selected={active}
      onClick={onNavigate}
      data-testid={`drawer-entry-${entry.route}`}
      aria-current={active ? 'page' : undefined}
      sx={{ pl: nested ? 4.5 : 2, py: 0.375 }}
    >
      {!nested && <ListItemIcon sx={{ minWidth: 34 }}>{drawerIcon(entry.route)}</ListItemIcon>}
      <ListItemText primary={t(entry.title)} />
    </ListItemButton>
  );
}

function Group({ group, onNavigate }: { group: DrawerGroup; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const containsActive = group.entries.some((entry) => isActive(entry, pathname));
  const [open, setOpen] = useState(containsActive);
  const expanded = open || containsActive;
  return (
    <>
      <ListItemButton
        onClick={() => setOpen(!expanded)}
        data-testid={`drawer-group-${group.group}`}
        sx={{ py: 0.375 }}
        aria-expanded={expanded}
      >
        <ListItemIcon sx={{ minWidth: 34 }}>{drawerIcon(group.group)}</ListItemIcon>
        <ListItemText primary={t(group.group)} />
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto">
        <List component="div" disablePadding>
          {group.entries.map((entry) => (
            <EntryLink key={entry.route} entry={entry} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The side drawer of shell.md §2.3: entries the user's permissions allow, empty groups hidden. */
export function NavDrawerContent({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const items = useMemo(() => visibleDrawer(user), [user]);
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('Main menu')} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar variant="dense" sx={{ gap: 1, bgcolor: CHROME.deep, color: CHROME.text }}>
        <Box
          sx={{
            width: 28,
            height: 28,
            borderRadius: 1,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 800,
          }}
        >
          T
        </Box>
        <Typography variant="subtitle2" component="p" noWrap sx={{ fontWeight: 700 }}>
          {MSG.appTitle}
        </Typography>
      </Toolbar>
      <List component="div" dense sx={{ flex: 1, overflowY: 'auto', py: 0.5 }} data-testid="drawer">
        {items.map((item) =>
          isDrawerGroup(item) ? (
            <Group key={item.group} group={item} onNavigate={onNavigate} />
          ) : (
            <EntryLink key={item.route} entry={item} onNavigate={onNavigate} />
          ),
        )}
      </List>
    </Box>
  );
}
