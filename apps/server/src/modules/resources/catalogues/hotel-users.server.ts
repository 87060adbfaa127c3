import { partnerUserHooks } from '../../partners/catalogue-hooks';

/** Hotel staff accounts: partner of kind hotel, role Hotel staff. */
export default partnerUserHooks('hotel');
