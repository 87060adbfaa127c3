import NotificationImportantOutlinedIcon from '@mui/icons-material/NotificationImportantOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { bookingPolicy, EXCEPTIONS_UI, pathTo } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { badgeText } from '../../components/badgeText';
import { usePolicy } from '../auth/currentUser';
import { useExceptions } from './api';

/** Toolbar: how many exceptions wait, live; opens the exceptions board (it never opens by itself). */
export function ExceptionsButton() {
  useTranslation();
  const allows = usePolicy();
  const { data } = useExceptions();
  if (!allows(bookingPolicy.exceptions)) return null;
  const count = data?.total ?? 0;
  const label = EXCEPTIONS_UI.toolbar(badgeText(count));
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={RouterLink}
        to={pathTo('Exceptions')}
        aria-label={label}
        data-testid="toolbar-exceptions"
        data-count={count}
      >
        {count > 0 ? (
          <Badge color="secondary" badgeContent={badgeText(count)} data-testid="toolbar-exceptions-count">
            <NotificationImportantOutlinedIcon />
          </Badge>
        ) : (
          <NotificationImportantOutlinedIcon />
        )}
      </IconButton>
    </Tooltip>
  );
}
