/** Business constants and limits of shell.md §9, bookings.md §9 and people.md §9. */
export const REQUEST_TIMEOUT_MS = 300_000;
export const TOAST_DURATION_MS = 3_000;
export const LATE_TOAST_DURATION_MS = 10_000;
export const SCROLL_TOP_THRESHOLD_PX = 300;
export const UNREAD_POLL_MS = 7_000;
export const UNREAD_POLL_PAGES = 4;
export const NOTIFICATION_BELL_COUNT = 5;
export const NOTIFICATION_PREVIEW_CHARS = 25;
export const PICKER_PAGE_SIZE = 50;
export const CAR_MODEL_PICKER_PAGE_SIZE = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;
export const DIALOG_RESET_DELAY_MS = 300;
export const MAP_CENTER: [number, number] = [7.4246, 43.7384]; // lon, lat
export const MAP_ZOOM = 12;
export const RIDE_MAP_ZOOM = 16;
export const CURRENCY = 'EUR';
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 15, 25, 100] as const;
export const DEFAULT_ROWS_PER_PAGE = 10;

export const SEASONS = ['day', 'night', 'classic', 'new_classic', 'hot'] as const;
export type Season = (typeof SEASONS)[number];
export const DEFAULT_SEASON: Season = 'night';

export const GENDERS = { Male: 0, Female: 1 } as const;

export const ACCOUNT_ENTRY_TYPES = [
  'wallet_migration',
  'ride',
  'payment',
  'passenger_penalty',
  'captain_penalty',
  'closing_payment',
  'payment_approval',
  'passenger_bonus',
  'captain_bonus',
] as const;
export type AccountEntryType = (typeof ACCOUNT_ENTRY_TYPES)[number];

/** Session and one-time code rules (server side). */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
export const TOKEN_TTL_MS = 12 * 3_600_000;
export const TOKEN_TTL_REMEMBER_MS = 30 * 24 * 3_600_000;
export const LOGIN_PROVIDER = 'users';

/**
 * Time formats (dayjs tokens; bookings.md §9, shell.md §9): how dates and times are shown. `pickerDate` is how every
 * date is typed in the console's date fields, the pickers, the filters and the forms alike (people.md "Shared
 * pickers": 'Date display is DD-MM-YYYY in the picker'), a date and time as `pickerDate` then `time`.
 */
export const TIME_FORMATS = {
  time: 'HH:mm',
  date: 'DD/MM/YYYY',
  dateTime: 'YYYY-MM-DD HH:mm',
  complaintTime: 'HH[h]mm DD/MM/YYYY',
  pickerDate: 'DD-MM-YYYY',
} as const;

/** Booking colour indicators (shell.md §9). */
export const BOOKING_COLOURS = {
  PENDING: '#7b1fa2',
  CONFIRMED: '#9e9e9e',
  STARTED: '#1976d2',
  ARRIVED: '#f57c00',
  PICKED_UP: '#d32f2f',
  DONE: '#2e7d32',
  STOP: '#9ccc65',
} as const;
