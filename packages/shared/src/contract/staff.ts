import { envelope, paginated, refSchema } from './envelope';

/** Role and permission pickers. */
export const staffContract = {
  roles: envelope(paginated(refSchema)),
  permissions: envelope(paginated(refSchema)),
};
