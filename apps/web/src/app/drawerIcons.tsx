import AssessmentIcon from '@mui/icons-material/Assessment';
import BadgeIcon from '@mui/icons-material/Badge';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import BusinessIcon from '@mui/icons-material/Business';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import ChatIcon from '@mui/icons-material/Chat';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import EventIcon from '@mui/icons-material/Event';
import FeedbackIcon from '@mui/icons-material/Feedback';
import FolderIcon from '@mui/icons-material/Folder';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupIcon from '@mui/icons-material/Group';
import HotelIcon from '@mui/icons-material/Hotel';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LuggageIcon from '@mui/icons-material/Luggage';
import MapIcon from '@mui/icons-material/Map';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportantOutlined';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonIcon from '@mui/icons-material/Person';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import PhoneInEditIcon from '@mui/icons-material/PhoneInTalk';
import PollIcon from '@mui/icons-material/Poll';
import QueueIcon from '@mui/icons-material/Queue';
import RouteIcon from '@mui/icons-material/Route';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import SmsIcon from '@mui/icons-material/Sms';
import TimelineIcon from '@mui/icons-material/Timeline';
import TuneIcon from '@mui/icons-material/Tune';
import type { ReactNode } from 'react';

/** Drawer icons by route or group name; anything else gets a neutral list icon. */
const ICONS: Record<string, ReactNode> = {
  Requests: <ListAltIcon />,
  Exceptions: <NotificationImportantIcon />,
  PhoneBooking: <PhoneInEditIcon />,
  Calls: <PhoneCallbackIcon />,
  Timeline: <TimelineIcon />,
  CaptainsMap: <RouteIcon />,
  ComplaintsList: <FeedbackIcon />,
  ComplaintCategories: <CategoryIcon />,
  Staff: <BadgeIcon />,
  Captains: <DirectionsCarIcon />,
  Passengers: <PersonIcon />,
  PassengerApprovals: <HowToRegIcon />,
  Messages: <ChatIcon />,
  DriversAnnouncements: <CampaignIcon />,
  Maps: <MapIcon />,
  Types: <FolderIcon />,
  Accommodation: <HotelIcon />,
  CompanyRequests: <BusinessIcon />,
  Settings: <SettingsIcon />,
  Dispatching: <TuneIcon />,
  ReservationsList: <EventIcon />,
  EventsReport: <AssessmentIcon />,
  BlockedCaptains: <GavelIcon />,
  PriceRules: <LocalOfferIcon />,
  Planning: <ScheduleIcon />,
  Constraints: <TuneIcon />,
  Surveys: <PollIcon />,
  ReservationQueue: <QueueIcon />,
  TermsAndConditions: <GavelIcon />,
  BarStatistics: <AssessmentIcon />,
  Vacations: <BeachAccessIcon />,
  scheduled_messages: <ScheduleIcon />,
  MaxBookingCount: <GroupIcon />,
  sms_codes: <SmsIcon />,
  payments: <PaymentsIcon />,
  lost_and_found: <LuggageIcon />,
};

export function drawerIcon(name: string): ReactNode {
  return ICONS[name] ?? <ListAltIcon />;
}
