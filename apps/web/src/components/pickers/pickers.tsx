import type { CaptainSearchItem, PassengerDto, RoleRef } from '@taxi/shared';
import {
  ADMIN_ROLE_ID,
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
import { endpoints } from '../../api/endpoints';
import { type PickerOption, RemotePicker, type RemotePickerProps } from './RemotePicker';

type Common = Pick<
  RemotePickerProps<unknown>,
  'value' | 'onChange' | 'error' | 'helperText' | 'disabled' | 'required' | 'autoFocus' | 'size' | 'testId'
> & { label?: string };

interface Named {
  id: number;
  name: string;
}
const named = (row: Named): PickerOption => ({ id: row.id, label: row.name });

/** Captains by name, username or phone (GET captain/search). */
export function CaptainPicker(props: Common) {
  return (
    <RemotePicker<CaptainSearchItem>
      {...props}
      label={props.label ?? 'Captain'}
      endpoint={endpoints.captainSearch}
      searchable
      toOption={(c) => ({ id: c.id, label: c.full_name, secondary: c.username ?? undefined })}
    />
  );
}

/** Passengers by name, phone or e-mail (GET passenger?search). */
export function PassengerPicker(props: Common) {
  return (
    <RemotePicker<PassengerDto>
      {...props}
      label={props.label ?? 'Passenger'}
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
  return (
    <RemotePicker<StaffRow>
      {...props}
      label={props.label ?? 'User'}
      endpoint={catalogueEndpoints(staffResource).list}
      query={{ perPage: 20 }}
      searchable
      what="The staff user list"
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
  return (
    <RemotePicker<PlaceRow>
      {...props}
      label={props.label ?? 'Location'}
      endpoint={endpoints.places}
      query={{ perPage: 20 }}
      searchable
      what="The places list"
      toOption={(p) => ({ id: p.id, label: p.name, secondary: p.category })}
    />
  );
}

/** Roles: 50 per page, role 1 excluded (people.md §6). */
export function RolePicker(props: Common) {
  return (
    <RemotePicker<RoleRef>
      {...props}
      label={props.label ?? 'Role'}
      endpoint={endpoints.roles}
      query={{ perPage: PICKER_PAGE_SIZE }}
      filter={(r) => r.id !== ADMIN_ROLE_ID}
      toOption={named}
    />
  );
}

export function PermissionPicker(props: Common) {
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? 'Permission'}
      endpoint={endpoints.permissions}
      toOption={named}
    />
  );
}

export function AreaClusterPicker(props: Common) {
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? 'Area cluster'}
      endpoint={endpoints.areaClusters}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what="The area cluster list"
      toOption={named}
    />
  );
}

export function ProjectPicker(props: Common) {
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? 'Project'}
      endpoint={endpoints.projects}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what="The project list"
      toOption={named}
    />
  );
}

interface LevelRow {
  id: number;
  name: string;
  contract_template?: { name: string };
}
export function ContractTemplateLevelPicker(props: Common) {
  return (
    <RemotePicker<LevelRow>
      {...props}
      label={props.label ?? 'Contract template level'}
      endpoint={endpoints.contractTemplateLevels}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what="The contract template level list"
      toOption={(l) => ({ id: l.id, label: l.name, secondary: l.contract_template?.name })}
    />
  );
}

interface VoucherRow {
  id: number;
  code: string;
}
export function VoucherPicker(props: Common) {
  return (
    <RemotePicker<VoucherRow>
      {...props}
      label={props.label ?? 'Voucher'}
      endpoint={catalogueEndpoints(vouchersResource).list}
      query={{ perPage: 20 }}
      searchable
      what="The voucher list"
      toOption={(v) => ({ id: v.id, label: v.code })}
    />
  );
}

export function CashRegisterPicker(props: Common) {
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? 'Cash register'}
      endpoint={catalogueEndpoints(cashRegistersResource).list}
      query={{ perPage: PICKER_PAGE_SIZE }}
      what="The cash register list"
      toOption={named}
    />
  );
}

export function CarBrandPicker(props: Common) {
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? 'Car brand'}
      endpoint={catalogueEndpoints(carBrandsResource).list}
      query={{ perPage: CAR_MODEL_PICKER_PAGE_SIZE }}
      toOption={named}
    />
  );
}

/** Models of one brand (loads 100). */
export function CarModelPicker(props: Common & { brandId: number | null }) {
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? 'Car model'}
      endpoint={catalogueEndpoints(carModelsResource).list}
      params={{ car_brand_id: props.brandId ?? 0 }}
      query={{ perPage: CAR_MODEL_PICKER_PAGE_SIZE }}
      disabled={props.disabled || !props.brandId}
      toOption={named}
    />
  );
}

export function ColorPicker(props: Common) {
  return (
    <RemotePicker<Named>
      {...props}
      label={props.label ?? 'Color'}
      endpoint={catalogueEndpoints(colorsResource).list}
      query={{ perPage: CAR_MODEL_PICKER_PAGE_SIZE }}
      toOption={named}
    />
  );
}
