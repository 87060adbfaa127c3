import { holds, mayChange, rule } from './core';

/** Company requests (shell.md §2.3: CompanyRequests needs COMPANY_REQUESTS). */
export const companyRequestPolicy = {
  read: rule('companyRequests.read', (a) => holds(a, 'COMPANY_REQUESTS')),
  /** File, approve (a company and its first user) or reject one. */
  review: rule('companyRequests.review', (a) => mayChange(a, 'COMPANY_REQUESTS')),
} as const;
