// Account values stored in the database, as the admin screens name them: roles (profiles.role).
import { labelOf } from './label-of';

export const ROLE_LABELS: Readonly<Record<string, string>> = {
  standard: /*i18n*/ 'Standard',
  moderator: /*i18n*/ 'Moderator',
  admin: /*i18n*/ 'Admin',
};

export const roleLabel = (role: string) => labelOf(ROLE_LABELS, role);
