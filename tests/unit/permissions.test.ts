import { describe, expect, it } from 'vitest';
import { hasAnyPermission, PERMISSIONS, permissionsOf } from '../../shared/permissions';

describe('hasAnyPermission', () => {
  it('passes when any required permission is held', () => {
    expect(hasAnyPermission(['monitor'], ['monitor', 'manager'])).toBe(true);
    expect(hasAnyPermission(['manager'], ['monitor', 'manager'])).toBe(true);
  });

  it('fails when none is held', () => {
    expect(hasAnyPermission(['manager'], ['monitor'])).toBe(false);
    expect(hasAnyPermission(['monitor'], ['admin'])).toBe(false);
    expect(hasAnyPermission([], ['manager'])).toBe(false);
  });

  it('admin passes every check, even one that lists nothing', () => {
    for (const p of PERMISSIONS) expect(hasAnyPermission(['admin'], [p])).toBe(true);
    expect(hasAnyPermission(['admin'], [])).toBe(true);
  });

  it('an empty requirement passes nobody but admin', () => {
    expect(hasAnyPermission(['monitor', 'manager'], [])).toBe(false);
  });

  it('unknown permission strings grant nothing', () => {
    expect(hasAnyPermission(['Admin', 'root', 'monitor '], ['monitor'])).toBe(false);
  });
});

describe('permissionsOf', () => {
  it('staff flags give admin and monitor', () => {
    expect(permissionsOf({ is_admin: true, is_monitor: false, facility_id: null })).toEqual(['admin']);
    expect(permissionsOf({ is_admin: false, is_monitor: true, facility_id: null })).toEqual(['monitor']);
    expect(permissionsOf({ is_admin: true, is_monitor: true, facility_id: null })).toEqual(['admin', 'monitor']);
  });

  it('owning a facility gives manager', () => {
    expect(permissionsOf({ is_admin: false, is_monitor: false, facility_id: 'f-1' })).toEqual(['manager']);
    expect(permissionsOf({ is_admin: false, is_monitor: true, facility_id: 'f-1' })).toEqual(['monitor', 'manager']);
  });

  it('a user with no flags and no facility has no permission', () => {
    expect(permissionsOf({ is_admin: false, is_monitor: false, facility_id: null })).toEqual([]);
    expect(permissionsOf({ is_admin: false, is_monitor: false, facility_id: '' })).toEqual([]);
  });
});
