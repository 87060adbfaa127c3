import { MenuItem, TextField } from '@mui/material';
import type { FieldDef, LostItemStatus } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../../components/DataTable/fields/FieldInput';
import { ResourceForm, type ResourceFormProps } from '../../components/DataTable/ResourceForm';
import { CaptainPicker, PassengerPicker, type PickerOption } from '../../components/pickers';
import { translateText } from '../../i18n';
import { bookingPeople, nextStatuses } from './api';
import { statusLabels } from './labels';
import { BookingPicker } from './pickers';

type Labels = Record<'booking_id' | 'captain_id' | 'passenger_id', PickerOption | null>;
type Form = UseFormReturn<FormValues>;

const option = (id: unknown, label: unknown): PickerOption | null =>
  typeof id === 'number' ? { id, label: typeof label === 'string' ? label : `#${id}` } : null;

/** A picker bound to a reference field of the form (its value the id as text, its label kept aside). */
function ReferenceField({
  form,
  name,
  labels,
  setLabel,
  render,
}: {
  form: Form;
  name: keyof Labels;
  labels: Labels;
  setLabel: (name: keyof Labels, value: PickerOption | null) => void;
  render: (props: {
    value: PickerOption | null;
    onChange: (v: PickerOption | null) => void;
    error?: string;
  }) => ReactNode;
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <>
          {render({
            value: field.value ? labels[name] : null,
            onChange: (v) => {
              setLabel(name, v);
              field.onChange(v ? String(v.id) : '');
            },
            error: fieldState.error?.message ? translateText(fieldState.error.message) : undefined,
          })}
        </>
      )}
    />
  );
}

/** The status: the current one and those it may move to (found → contacted → returned, or disposed). */
function StatusField({ form, current }: { form: Form; current: LostItemStatus }) {
  const { t } = useTranslation();
  const labels = statusLabels(t);
  return (
    <Controller
      name="status"
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          name="status"
          label={t('Status')}
          value={(field.value as string) ?? current}
          onChange={(e) => field.onChange(e.target.value)}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? translateText(fieldState.error.message) : undefined}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'lost-status' } as object } }}
        >
          {nextStatuses(current).map((s) => (
            <MenuItem key={s} value={s}>
              {labels[s]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * The lost item's form: the declaration's inputs, with pickers for the booking, the captain and the
 * passenger (choosing a booking fills the other two) and the statuses the item may move to.
 */
export function LostItemForm(props: ResourceFormProps) {
  const { t } = useTranslation();
  const { row } = props;
  const [labels, setLabels] = useState<Labels>(() => ({
    booking_id:
      row && typeof row.booking_id === 'number'
        ? { id: row.booking_id, label: t('Booking #{{id}}', { id: row.booking_id }) }
        : null,
    captain_id: option(row?.captain_id, row?.captain_name),
    passenger_id: option(row?.passenger_id, row?.passenger_name),
  }));
  const setLabel = (name: keyof Labels, value: PickerOption | null) => setLabels((l) => ({ ...l, [name]: value }));

  const chooseBooking = async (form: Form, value: PickerOption | null) => {
    if (!value) return;
    const people = await bookingPeople(value.id).catch(() => null);
    if (!people) return;
    setLabels((l) => ({ ...l, passenger_id: people.passenger, captain_id: people.captain ?? l.captain_id }));
    form.setValue('passenger_id', String(people.passenger.id), { shouldDirty: true });
    if (people.captain) form.setValue('captain_id', String(people.captain.id), { shouldDirty: true });
  };

  const renderField = (field: FieldDef, form: Form): ReactNode | undefined => {
    const common = { form, labels, setLabel };
    switch (field.name) {
      case 'booking_id':
        return (
          <ReferenceField
            {...common}
            name="booking_id"
            render={(p) => (
              <BookingPicker
                {...p}
                testId="lost-booking"
                onChange={(v) => {
                  p.onChange(v);
                  void chooseBooking(form, v);
                }}
              />
            )}
          />
        );
      case 'captain_id':
        return (
          <ReferenceField
            {...common}
            name="captain_id"
            render={(p) => <CaptainPicker {...p} testId="lost-captain" />}
          />
        );
      case 'passenger_id':
        return (
          <ReferenceField
            {...common}
            name="passenger_id"
            render={(p) => <PassengerPicker {...p} testId="lost-passenger" />}
          />
        );
      case 'status':
        return <StatusField form={form} current={(row?.status as LostItemStatus | undefined) ?? 'found'} />;
      default:
        return undefined;
    }
  };
  return <ResourceForm {...props} renderField={renderField} />;
}
