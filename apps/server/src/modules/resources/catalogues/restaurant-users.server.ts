import { partnerUserHooks } from '../../partners/catalogue-hooks';

/** Restaurant staff accounts: partner of kind restaurant, role Restaurant staff. */
export default partnerUserHooks('restaurant');
