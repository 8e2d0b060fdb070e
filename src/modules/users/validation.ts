import { unprocessable } from '../../platform/http/errors.js';
import { ROLES, type Role } from '../../platform/auth/roles.js';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/;
/** Control characters (NUL included) are never part of an address, whatever the regex above lets through. */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;

export function normaliseEmail(email: string, loc = 'email'): string {
  const value = email.trim().toLowerCase();
  if (!EMAIL.test(value) || hasControl(value)) throw unprocessable(['body', loc], 'value is not a valid email address', 'value_error.email');
  return value;
}

export function normaliseSlug(slug: string): string {
  const value = slug.trim().toLowerCase();
  if (!SLUG.test(value)) {
    throw unprocessable(['body', 'slug'], 'slug must be 2 to 63 characters: lower-case letters, digits and hyphens', 'value_error.slug');
  }
  return value;
}

export function checkRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw unprocessable(['body', 'role'], `role must be one of ${ROLES.join(', ')}`, 'enum');
  }
  return role as Role;
}

export function checkName(name: string, loc = 'name'): string {
  const value = name.trim();
  if (value.length < 1 || value.length > 200) throw unprocessable(['body', loc], 'name must be 1 to 200 characters', 'value_error');
  return value;
}
