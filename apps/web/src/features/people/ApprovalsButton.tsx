import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { APPROVAL_MSG, passengerPolicy, pathTo } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { badgeText } from '../../components/badgeText';
import { usePolicy } from '../auth/currentUser';
import { usePassengerApprovals } from './approvals';

/** Toolbar: how many new passengers wait for approval, and the way to their queue (nothing opens by itself). */
export function ApprovalsButton() {
  useTranslation();
  const allows = usePolicy();
  const queue = usePassengerApprovals();
  if (!allows(passengerPolicy.approvals)) return null;
  const count = queue.data?.total ?? 0;
  const label = APPROVAL_MSG.badge(badgeText(count));
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={RouterLink}
        to={pathTo('PassengerApprovals')}
        aria-label={label}
        data-testid="toolbar-approvals"
        data-count={count}
      >
        <Badge color="secondary" badgeContent={badgeText(count)}>
          <HowToRegOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
