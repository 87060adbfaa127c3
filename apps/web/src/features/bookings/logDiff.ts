import { cardStatusLabel, isBookingStatus } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { formatDateTime, formatEuros, formatOrderTime } from '../../i18n/format';

/** One changed field of a booking log entry, ready to show. */
export interface LogChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** What the page knows to name ids (services by name). */
export interface LogNames {
  service?: (id: number) => string | undefined;
}

const EMPTY = '—';

/** The label of a field the server logs (model.ts orderSnapshot and the booking commands). */
export function logFieldLabel(field: string): string {
  switch (field) {
    case 'status':
      return tr('Status');
    case 'datetime':
      return tr('Order time');
    case 'service_id':
      return tr('Service');
    case 'passenger_id':
      return tr('Passenger');
    case 'captain_id':
      return tr('Captain');
    case 'ride_id':
      return tr('Ride');
    case 'voucher_id':
      return tr('Voucher');
    case 'origin':
      return tr('Origin');
    case 'now':
      return tr('Immediate order');
    case 'seats':
      return tr('Seats');
    case 'pickup':
      return tr('Pickup');
    case 'dropoff':
      return tr('Dropoff');
    case 'reason':
      return tr('Reason');
    case 'besoin':
      return tr('Driver search');
    case 'besoin_date':
      return tr('Driver search until');
    case 'answer':
      return tr('Answer');
    case 'until':
      return tr('Offer until');
    case 'amount':
      return tr('Amount');
    case 'tip':
      return tr('Tip');
    case 'note_id':
      return tr('Note');
    case 'solved_at':
      return tr('Solved at');
    case 'updated_at':
      return tr('Updated');
    case 'category_id':
      return tr('Complaint category');
    case 'name':
      return tr('Name');
    default:
      return field.replace(/_/g, ' ');
  }
}

/** The title of a log entry (its action), readable. Unknown actions show their code, spaced. */
export function logTitle(action: string): string {
  switch (action) {
    case 'create':
      return tr('Order created');
    case 'edit order':
      return tr('Order edited');
    case 'change_time':
      return tr('Time changed');
    case 'change_service':
      return tr('Service changed');
    case 'dispatch':
      return tr('Dispatched manually');
    case 'cancel':
      return tr('Cancelled by the call centre');
    case 'passenger_cancel':
      return tr('Cancelled by the passenger');
    case 'captain_cancel':
      return tr('Cancelled by the captain');
    case 'captain_started':
      return tr('Captain on the way');
    case 'captain_arrived':
      return tr('Captain arrived at pickup');
    case 'captain_picked_up':
      return tr('Passenger picked up');
    case 'captain_done':
      return tr('Arrived at dropoff');
    case 'paid':
      return tr('Paid');
    case 'pending_reminder':
      return tr('Pending reminder sent');
    case 'dispatched_reminder':
      return tr('Dispatched reminder sent');
    case 'reminder_delivered':
      return tr('Reminder delivered');
    case 'reminder_answered':
      return tr('Reminder answered');
    case 'besoin_start':
      return tr('Driver search started');
    case 'besoin_renew':
      return tr('Waiting time extended');
    case 'besoin_expired':
      return tr('Driver search expired');
    case 'offer_sent':
      return tr('Offered to a captain');
    case 'offer_answer':
      return tr('Captain answered the offer');
    case 'geofence_enter':
      return tr('Captain entered the pickup area');
    case 'geofence_leave':
      return tr('Captain left the pickup area');
    case 'airport_received':
      return tr('Airport request received');
    case 'note_solved':
      return tr('Note solved');
    case 'complaint.category':
      return tr('Complaint category set');
    default:
      return action.replace(/[_.]/g, ' ');
  }
}

function answerLabel(value: string): string {
  switch (value) {
    case 'ACCEPTED':
      return tr('Accepted');
    case 'REFUSED':
      return tr('Refused');
    case 'NO_RESPONSE':
      return tr('No response');
    default:
      return value;
  }
}

/** One logged value as the console shows it: times with the shared formatters, statuses with their labels. */
export function formatLogValue(field: string, value: unknown, names: LogNames = {}): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? tr('Yes') : tr('No');
  switch (field) {
    case 'status':
      return isBookingStatus(value) ? cardStatusLabel(value) : String(value);
    case 'answer':
      return answerLabel(String(value));
    case 'datetime':
      return formatOrderTime(value as string) || String(value);
    case 'until':
    case 'besoin_date':
    case 'solved_at':
    case 'updated_at':
      return formatDateTime(value as string) || String(value);
    case 'amount':
    case 'tip':
      return typeof value === 'number' ? formatEuros(value) : String(value);
    case 'service_id':
      return (typeof value === 'number' && names.service?.(value)) || tr('#{{id}}', { id: String(value) });
    case 'passenger_id':
    case 'captain_id':
    case 'ride_id':
    case 'voucher_id':
    case 'note_id':
    case 'category_id':
      return tr('#{{id}}', { id: String(value) });
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function fieldsOf(value: unknown): Record<string, unknown> | null {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields a log entry changed, in the order the server wrote them (the after side first): each with
 * its label and both values formatted. Unchanged fields are left out unless nothing changed at all. A side
 * that is not an object (old entries) is shown whole, as one "Value" line.
 */
export function logChanges(before: unknown, after: unknown, names: LogNames = {}): LogChange[] {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  if ((before != null && !b) || (after != null && !a)) {
    return [
      {
        field: '',
        label: tr('Value'),
        before: formatLogValue('', before, names),
        after: formatLogValue('', after, names),
      },
    ];
  }
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  const all = keys.map((field) => ({
    field,
    label: logFieldLabel(field),
    before: formatLogValue(field, b?.[field], names),
    after: formatLogValue(field, a?.[field], names),
    changed: !same(b?.[field], a?.[field]),
  }));
  const changed = all.filter((c) => c.changed);
  return (changed.length > 0 ? changed : all).map(({ changed: _, ...change }) => change);
}
