import { DEMO_DATA } from './demo-data';

/**
 * Hotels, restaurants and companies (shell.md §2.2): partners with their own staff logins, who book rides
 * for their guests and see only their own organisation's bookings (tenant isolation, ASVS 8.4.1).
 */
export const PARTNER_KINDS = ['hotel', 'restaurant', 'company'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** The role of a partner's staff, by kind: no permission, their own partner desk only. */
export const PARTNER_ROLES: Readonly<Record<PartnerKind, { id: number; name: string }>> = {
  hotel: { id: 21, name: DEMO_DATA.roles.hotelStaff },
  restaurant: { id: 22, name: DEMO_DATA.roles.restaurantStaff },
  company: { id: 23, name: DEMO_DATA.roles.companyStaff },
};
export const PARTNER_ROLE_IDS: readonly number[] = Object.values(PARTNER_ROLES).map((r) => r.id);
