import type { CompanyRequestApprove, CompanyRequestCreate, CompanyRequestStatus } from '../../company-requests';
import { companyRequestsContract } from '../company-requests';
import { endpoint } from '../endpoint';
import type { PageQuery } from './query';

/** Company requests: list, one, file, approve, reject. */
export const companyRequestEndpoints = {
  companyRequests: endpoint<Pick<PageQuery, 'page' | 'perPage'> & { status?: CompanyRequestStatus | '' }>()(
    'GET',
    'company_requests',
    companyRequestsContract.page,
  ),
  companyRequest: endpoint()('GET', 'company_requests/:id', companyRequestsContract.request),
  createCompanyRequest: endpoint<undefined, CompanyRequestCreate>()(
    'POST',
    'company_requests',
    companyRequestsContract.request,
  ),
  approveCompanyRequest: endpoint<undefined, CompanyRequestApprove>()(
    'PUT',
    'company_requests/:id/approve',
    companyRequestsContract.request,
  ),
  rejectCompanyRequest: endpoint<undefined, { reason: string }>()(
    'PUT',
    'company_requests/:id/reject',
    companyRequestsContract.request,
  ),
};
