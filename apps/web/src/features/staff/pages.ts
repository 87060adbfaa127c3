import type { FeaturePages } from '../../app/pages';

const page = (name: keyof typeof import('./StaffPages')) => () =>
  import('./StaffPages').then((m) => ({ default: m[name] }));

export const pages: FeaturePages = {
  Staff: page('StaffPage'),
  StaffAdd: page('StaffAddPage'),
  Roles: page('RolesPage'),
  UserProfile: page('UserProfilePage'),
};
