import { carBrandsResource, carModelsResource } from './car-brands';
import {
  banksResource,
  captainCancellationReasonsResource,
  cashRegistersResource,
  changeCaptainReasonsResource,
  colorsResource,
  nationalitiesResource,
  ratingCausesResource,
  vouchersResource,
} from './catalogues';
import type { ResourceDef } from './define';
import { rolesResource, staffResource } from './staff';

export * from './car-brands';
export * from './catalogues';
export * from './define';
export * from './messages';
export * from './payments';
export * from './staff';

/** Every declared resource (the server binds each to its table). */
export const RESOURCES: readonly ResourceDef[] = [
  carBrandsResource,
  carModelsResource,
  colorsResource,
  nationalitiesResource,
  banksResource,
  ratingCausesResource,
  captainCancellationReasonsResource,
  changeCaptainReasonsResource,
  cashRegistersResource,
  vouchersResource,
  staffResource,
  rolesResource,
];
