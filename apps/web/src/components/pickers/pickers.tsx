import type { CaptainSearchItem, PassengerDto, RoleRef } from '@taxi/shared';
import {
  ADMIN_ROLE_ID,
  banksResource,
  CAR_MODEL_PICKER_PAGE_SIZE,
  carBrandsResource,
  carModelsResource,
  cashRegistersResource,
  catalogueEndpoints,
  colorsResource,
  PICKER_PAGE_SIZE,
  staffResource,
  vouchersResource,
} from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { carModelsEnabled } from './carModels';
import { type PickerOption, RemotePicker, type RemotePickerProps } from './RemotePicker';

type Common = Pick<
  RemotePickerProps<unknown>,
  'value' | 'onChange' | 'error' | 'helperText' | 'disabled' | 'required' | 'autoFocus' | 'inputRef' | 'size' | 'testId'
> & { label?: string };

interface Named {
  id: number;
  name: string;
}
const named = (row: Named): PickerOption => ({ id: row.id, label: row.name });
/** A catalogue name (a role, a colour, a cash register...) in the console's language. */
const dataNamed = (row: Named): PickerOption => ({ id: row.id, label: dataLabel(row.name) });

/** Captains by name, username or phone (GET captain/search). */
export function CaptainPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<CaptainSearchItem>
      {...props}
      label={props.label ?? t('Captain')}
      endpoint={endpoints.captainSearch}
      searchable
      toOption={(c) => ({ id: c.id, label: c.full_name, secondary: c.username ?? undefined })}
    />
  );
}

/** Passengers by name, phone or e-mail (GET passenger?search). */
export function PassengerPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<PassengerDto>
      {...props}
      label={props.label ?? t('Passenger')}
      endpoint={endpoints.passengers}
      query={{ perPage: 20 }}
      searchable
      toOption={(p) => ({ id: p.id, label: p.full_name, secondary: p.phone_number })}
    />
  );
}

interface StaffRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}
/** Staff users (GET user?search, the staff resource). */
export function UserPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<StaffRow>
      {...props}
      label={props.label ?? t('User')}
      endpoint={catalogueEndpoints(staffResource).list}
      query={{ perPage: 20 }}
      searchable
      what={t('The staff user list')}
      toOption={(u) => ({ id: u.id, label: `${u.first_name} ${u.last_name}`.trim(), secondary: u.email })}
    />
  );
}

interface PlaceRow {
  id: number;
  name: string;
  category?: string;
}
/** Places of the city (landmarks, hotels, stations...). */
export function LocationPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<PlaceRow>
      {...props}
      label={props.label ?? t('Location')}
      endpoint={endpoints.places}
      query={{ perPage: 20 }}
      searchable
      what={t('The places list')}
      toOption={(p) => ({ id: p.id, label: p.name, secondary: p.category })}
    />
  );
}

/** Roles: 50 per page, role 1 excluded (people.md §6). */
export function RolePicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<RoleRef>
      {...props}
      label={props.label ?? t('Role')}
      endpoint={endpoints.roles}
      query={{ perPage: PICKER_PAGE_SIZE }}
      filter={(r) => r.id !== ADMIN_ROLE_ID}
      toOption={dataNamed}
    />
  );
}

export function PermissionPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? t('Permission')}
      endpoint={endpoints.permissions}
      toOption={named}
    />
  );
}

export function AreaClusterPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? t('Area cluster')}
      endpoint={endpoints.areaClusters}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what={t('The area cluster list')}
      toOption={named}
    />
  );
}

export function ProjectPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? t('Project')}
      endpoint={endpoints.projects}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what={t('The project list')}
      toOption={dataNamed}
    />
  );
}

interface LevelRow {
  id: number;
  name: string;
  contract_template?: { name: string };
}
export function ContractTemplateLevelPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<LevelRow>
      {...props}
      label={props.label ?? t('Contract template level')}
      endpoint={endpoints.contractTemplateLevels}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what={t('The contract template level list')}
      toOption={(l) => ({ id: l.id, label: dataLabel(l.name), secondary: dataLabel(l.contract_template?.name) })}
    />
  );
}

interface VoucherRow {
  id: number;
  code: string;
}
export function VoucherPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<VoucherRow>
      {...props}
      label={props.label ?? t('Voucher')}
      endpoint={catalogueEndpoints(vouchersResource).list}
      query={{ perPage: 20 }}
      searchable
      what={t('The voucher list')}
      toOption={(v) => ({ id: v.id, label: v.code })}
    />
  );
}

export function CashRegisterPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? t('Cash register')}
      endpoint={catalogueEndpoints(cashRegistersResource).list}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what={t('The cash register list')}
      toOption={dataNamed}
    />
  );
}

/** Banks (/banks): where a captain's payouts by transfer go. */
export function BankPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? t('Bank')}
      endpoint={catalogueEndpoints(banksResource).list}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what={t('The bank list')}
      toOption={named}
    />
  );
}

export function CarBrandPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? t('Car brand')}
      endpoint={catalogueEndpoints(carBrandsResource).list}
      query={{ perPage: CAR_MODEL_PICKER_PAGE_SIZE }}
      toOption={named}
    />
  );
}

/** Models of one brand (loads 100). */
export function CarModelPicker(props: Common & { brandId: number | null }) {
  const { t } = useTranslation();
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? t('Car model')}
      endpoint={catalogueEndpoints(carModelsResource).list}
      params={{ car_brand_id: props.brandId ?? 0 }}
      query={{ perPage: CAR_MODEL_PICKER_PAGE_SIZE }}
      // No brand yet: nothing to ask (GET car_brands/0/models would answer 404, shown as an error).
      enabled={carModelsEnabled(props.brandId)}
      disabled={props.disabled || !carModelsEnabled(props.brandId)}
      toOption={named}
    />
  );
}

export function ColorPicker(props: Common) {
  const { t } = useTranslation();
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? t('Color')}
      endpoint={catalogueEndpoints(colorsResource).list}
      query={{ perPage: CAR_MODEL_PICKER_PAGE_SIZE }}
      toOption={dataNamed}
    />
  );
}
