import DevicesIcon from '@mui/icons-material/Devices';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Divider, IconButton, ListItemIcon, Menu, MenuItem, Switch, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, pathTo, primaryRole } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { usePreferenceItems } from '../../app/PreferenceItems';
import { logout, logoutEverywhere, meQuery } from './api';
import { useCurrentUser } from './currentUser';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** Profile (→ /users/{id}) and Logout (PUT logout, toast, clear, /login). */
export function ProfileMenu() {
  useTranslation(); // re-render in a new language (MSG reads the current one)
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = user.full_name || user.username || user.email;
  const qc = useQueryClient();
  const preferenceItems = usePreferenceItems(() => setAnchor(null));

  const online = useApiMutation({
    mutationFn: (next: boolean) => api(endpoints.setOnline, { body: { online: next } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
  const toggleOnline = () => online.mutate(!user.online);

  const onLogout = async (everywhere: boolean) => {
    setAnchor(null);
    try {
      await (everywhere ? logoutEverywhere() : logout());
    } catch {
      // The local session is cleared whatever the server answered.
    }
    toast.success(everywhere ? MSG.loggedOutEverywhere : MSG.loggedOut);
    navigate('/login', { replace: true });
  };

  return (
    <>
      <Tooltip title={name}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={user.profile_image ? MSG.profileMenu(name) : MSG.profileMenuInitials(name, initials(name))}
          data-testid="profile-menu-button"
          sx={{ p: 0.5 }}
        >
          <Avatar
            src={user.profile_image ?? undefined}
            sx={{ width: 32, height: 32, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 14 }}
          >
            {initials(name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 0.5 }}>
          {name}
        </Typography>
        <Typography variant="caption" color="textSecondary" sx={{ px: 2, pb: 1, display: 'block' }}>
          {dataLabel(primaryRole(user.roles)?.name)}
        </Typography>
        <Divider />
        <MenuItem onClick={toggleOnline} data-testid="online-toggle">
          <ListItemIcon>
            <Switch
              size="small"
              checked={user.online}
              tabIndex={-1}
              slotProps={{ input: { 'aria-label': MSG.onlineLabel } }}
            />
          </ListItemIcon>
          {MSG.onlineLabel}
        </MenuItem>
        {preferenceItems}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(pathTo('UserProfile', { id: user.id }));
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {MSG.profile}
        </MenuItem>
        <MenuItem onClick={() => onLogout(false)} data-testid="logout">
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {MSG.logout}
        </MenuItem>
        <MenuItem onClick={() => onLogout(true)} data-testid="logout-everywhere">
          <ListItemIcon>
            <DevicesIcon fontSize="small" />
          </ListItemIcon>
          {MSG.logoutEverywhere}
        </MenuItem>
      </Menu>
    </>
  );
}
