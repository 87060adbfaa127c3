import { TIME_FORMATS } from '@taxi/shared';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

export function fromNow(value: string | null | undefined): string {
  return value ? dayjs(value).fromNow() : '';
}

export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format(TIME_FORMATS.dateTime) : '';
}
