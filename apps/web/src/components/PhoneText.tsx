import { formatPhone } from '../i18n/format';

/**
 * A phone number in its one international form, isolated left to right: in Arabic the digit groups and
 * the leading + keep their order (a bare number in right-to-left text would read "14 00 6 33+").
 */
export function PhoneText({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <bdi dir="ltr" style={{ unicodeBidi: 'isolate', direction: 'ltr', whiteSpace: 'nowrap' }}>
      {formatPhone(value)}
    </bdi>
  );
}
