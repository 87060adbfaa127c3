import type { SvgIconComponent } from '@mui/icons-material';
import CampaignIcon from '@mui/icons-material/Campaign';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import ErrorIcon from '@mui/icons-material/Error';
import FeedbackIcon from '@mui/icons-material/Feedback';
import InfoIcon from '@mui/icons-material/Info';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningIcon from '@mui/icons-material/Warning';
import { Avatar } from '@mui/material';

/** Notification icons arrive as Material icon names; unknown names fall back to a bell. */
const ICONS: Record<string, SvgIconComponent> = {
  campaign: CampaignIcon,
  car: DirectionsCarIcon,
  directions_car: DirectionsCarIcon,
  local_taxi: DirectionsCarIcon,
  error: ErrorIcon,
  feedback: FeedbackIcon,
  info: InfoIcon,
  notifications: NotificationsIcon,
  person_add: PersonAddIcon,
  schedule: ScheduleIcon,
  warning: WarningIcon,
};

export function NotificationIcon({ icon, color }: { icon: string; color: string }) {
  const Icon = ICONS[icon?.toLowerCase()] ?? NotificationsIcon;
  return (
    <Avatar sx={{ width: 30, height: 30, bgcolor: color || 'primary.main' }}>
      <Icon sx={{ fontSize: 18 }} />
    </Avatar>
  );
}
