import { z } from 'zod';
import { texts, tr } from './i18n';
import { MSG } from './messages';
import { PARTNER_BILLING } from './partners';
import { emailSchema, passwordSchema, TEXT_MAX, text } from './validation';

/**
 * Company requests (/company-requests, /company-request/{id}): a company asks to open an account; staff
 * with COMPANY_REQUESTS approve it into a company with its first user, or reject it with a reason.
 */
export const COMPANY_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CompanyRequestStatus = (typeof COMPANY_REQUEST_STATUSES)[number];

export const COMPANY_REQUEST_MSG = texts({
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  created: 'Company request saved',
  approvedInto: (name: string) => tr('Approved: {{name}} and its first user were created', { name }),
  rejectedMsg: 'Request rejected',
  alreadyReviewed: 'This request has already been reviewed',
  emailTaken: 'A user with this e-mail already exists',
});

const requiredText = (max?: number) => text(max, MSG.required).min(1, MSG.required);
const optionalText = (max = 255) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** A request filed from the console (POST company_requests). */
export const companyRequestCreateSchema = z.object({
  company_name: requiredText(120),
  address: optionalText(),
  contact_first_name: requiredText(60),
  contact_last_name: text(60).default(''),
  contact_email: emailSchema,
  contact_phone: optionalText(32),
  message: optionalText(TEXT_MAX),
});
export type CompanyRequestCreate = z.output<typeof companyRequestCreateSchema>;

/** Approval: the first user's password (its e-mail and name are the contact's), the company's billing and limit. */
export const companyRequestApproveSchema = z.object({
  password: passwordSchema,
  billing: z.enum(PARTNER_BILLING.map((b) => b.value) as ['monthly', 'per_ride']).default('monthly'),
  max_active_bookings: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type CompanyRequestApprove = z.output<typeof companyRequestApproveSchema>;

export const companyRequestRejectSchema = z.object({ reason: requiredText(TEXT_MAX) });

export const companyRequestSchema = z
  .object({
    id: z.number(),
    company_name: z.string(),
    address: z.string().nullable(),
    contact_first_name: z.string(),
    contact_last_name: z.string(),
    contact_email: z.string(),
    contact_phone: z.string().nullable(),
    message: z.string().nullable(),
    status: z.enum(COMPANY_REQUEST_STATUSES),
    reject_reason: z.string().nullable(),
    company_id: z.number().nullable(),
    user_id: z.number().nullable(),
    reviewed_by: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CompanyRequest' });
export type CompanyRequestDto = z.infer<typeof companyRequestSchema>;

/** The status as shown (translated at render). */
export const companyRequestStatusLabel = (status: CompanyRequestStatus): string => COMPANY_REQUEST_MSG[status];
