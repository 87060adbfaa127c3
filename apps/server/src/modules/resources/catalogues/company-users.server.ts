import { partnerUserHooks } from '../../partners/catalogue-hooks';

/** Company staff accounts: partner of kind company, role Company staff. */
export default partnerUserHooks('company');
