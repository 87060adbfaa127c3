import { partnerHooks } from '../../partners/catalogue-hooks';

/** Partners of one kind: services checked, staff counted. */
export default partnerHooks;
