/** The three permissions of the program. Admin passes every check (spec §6). */
export const PERMISSIONS = ['admin', 'monitor', 'manager'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A check passes when any of the required permissions is held; admin passes everywhere. */
export function hasAnyPermission(held: readonly string[], required: readonly Permission[]): boolean {
  if (held.includes('admin')) return true;
  return required.some((p) => held.includes(p));
}

/** Permissions follow from the user record: flags for staff, facility ownership for managers. */
export function permissionsOf(user: { is_admin: boolean; is_monitor: boolean; facility_id: string | null }): Permission[] {
  const list: Permission[] = [];
  if (user.is_admin) list.push('admin');
  if (user.is_monitor) list.push('monitor');
  if (user.facility_id) list.push('manager');
  return list;
}
