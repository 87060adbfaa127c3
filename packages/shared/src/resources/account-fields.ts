import type { FieldDef } from './define';

/**
 * The sign-in fields every user account catalogue shares (staff, partner staff, airport desks): the name,
 * the unique e-mail they sign in with, and a password (hashed by the server, never shown).
 */
export const ACCOUNT_FIELDS: readonly FieldDef[] = [
  { name: 'first_name', label: 'First name', type: 'text', required: true, max: 60, sortable: true, searchable: true },
  { name: 'last_name', label: 'Last name', type: 'text', required: true, max: 60, sortable: true, searchable: true },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    required: true,
    max: 120,
    sortable: true,
    searchable: true,
    unique: true,
  },
  { name: 'password', label: 'Password', type: 'password', required: true, form: 'both' },
];
