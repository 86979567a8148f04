/**
 * User accounts (spec: Manage Users). Staff list and edit accounts; only admins create accounts,
 * change permission flags or touch another staff account (docs/decisions.md).
 */
import { elapsedSince } from '../../shared/activity';
import { USER_CONTRACTS } from '../../shared/contracts/users';
import type { UserView } from '../../shared/contracts/users';
import { PAGE_SIZE } from '../../shared/constants';
import { refuseCommonPassword } from '../auth/common-passwords';
import { changeOwnPassword } from '../auth/own-password';
import { hashPassword } from '../auth/passwords';
import { open, seal } from '../auth/secret-box';
import type { FacilityRecord } from '../facilities/facility-store';
import { getFacilitiesByIds } from '../facilities/facility-store';
import { conflict, forbidden, notFound, unprocessable } from '../runtime/http-error';
import type { Caller } from '../runtime/route';
import { tenantAccounts } from '../tenants/tenant-accounts';
import { implement, requireCaller } from '../runtime/route';
import { paginate } from '../runtime/paginate';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './user-store';
import type { UserChanges, UserRecord } from './user-store';

const isStaffAccount = (u: UserRecord) => u.is_admin || u.is_monitor;
const isAdmin = (c: Caller) => c.permissions.includes('admin');

/**
 * The generated password of a staff account is an admin's to send: a monitor who could read it could
 * log in as a new admin before that admin changes it.
 */
const mayReadOriginalPassword = (caller: Caller, user: UserRecord) => isAdmin(caller) || !isStaffAccount(user);

async function viewOf(caller: Caller, user: UserRecord, facility: FacilityRecord | null, now = Date.now()): Promise<UserView> {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    real_name: user.real_name,
    is_admin: user.is_admin,
    is_monitor: user.is_monitor,
    facility_id: user.facility_id,
    has_changed_password: user.has_changed_password,
    original_password: !user.has_changed_password && user.original_password_sealed && mayReadOriginalPassword(caller, user)
      ? await open(user.original_password_sealed)
      : null,
    last_active_date: user.last_active_at,
    ...elapsedSince(user.last_active_at, now),
    facility: facility
      ? {
          id: facility.id, facility_number: facility.facility_number, account_name: facility.account_name, address: facility.address,
          city: facility.city, state: facility.state, zip_code: facility.zip_code, phone: facility.phone, email: facility.email,
        }
      : null,
  };
}

async function targetUser(id: string): Promise<UserRecord> {
  const user = await getUser(id);
  if (!user) throw notFound('User not found.');
  return user;
}

export const userRoutes = {
  'GET /api/users': implement(USER_CONTRACTS['GET /api/users'], async (input) => {
    const { query } = input;
    const caller = requireCaller(input);
    if (query.tenants) return { body: await tenantAccounts(query) };
    const needle = query.username?.toLowerCase();
    const all = (await listUsers()).filter((u) => !needle || u.username.toLowerCase().includes(needle));
    const { rows, pagination } = paginate(all, query.page ?? 1, PAGE_SIZE.users);
    const facilities = await getFacilitiesByIds(rows.flatMap((u) => (u.facility_id ? [u.facility_id] : [])));
    const now = Date.now();
    const data = await Promise.all(rows.map((u) => viewOf(caller, u, u.facility_id ? facilities.get(u.facility_id) ?? null : null, now)));
    return { body: { data, pagination } };
  }),

  'POST /api/users': implement(USER_CONTRACTS['POST /api/users'], async (input) => {
    const { body } = input;
    await refuseCommonPassword(body.password);
    const user = await createUser({
      username: body.username,
      email: body.email,
      real_name: body.real_name,
      password_hash: await hashPassword(body.password),
      is_admin: body.is_admin,
      is_monitor: body.is_monitor,
      facility_id: null,
      has_changed_password: false,
      original_password_sealed: await seal(body.password),
    });
    return { status: 201, body: { username: user.username, user: await viewOf(requireCaller(input), user, null) } };
  }),

  'POST /api/users/{id}': implement(USER_CONTRACTS['POST /api/users/{id}'], async (input) => {
    const caller = requireCaller(input);
    const { body } = input;
    const target = await targetUser(input.params.id);
    const flagsChange = (body.is_admin !== undefined && body.is_admin !== target.is_admin)
      || (body.is_monitor !== undefined && body.is_monitor !== target.is_monitor);
    if (!isAdmin(caller)) {
      if (flagsChange) throw forbidden('Only administrators can change permissions.');
      if (isStaffAccount(target) && target.id !== caller.user.id) throw forbidden('Only administrators can change staff accounts.');
    }
    if (target.id === caller.user.id && body.is_admin === false && target.is_admin) {
      throw unprocessable('You cannot remove your own administrator permission.', 'is_admin');
    }
    const changes: UserChanges = {
      username: body.username, email: body.email, real_name: body.real_name, is_admin: body.is_admin, is_monitor: body.is_monitor,
    };
    for (const k of Object.keys(changes) as (keyof UserChanges)[]) if (changes[k] === undefined) delete changes[k];
    let saved: { user: UserRecord; token?: string };
    if (body.password && target.id === caller.user.id) {
      // One's own password: as POST /api/change-password, with the current one and a fresh session.
      saved = await changeOwnPassword(caller, { password: body.password, current_password: body.current_password }, changes, target);
    } else {
      if (body.password) {
        // A password set by staff is a new generated password: the user is asked to change it again, and
        // the sessions that user has open end (the old password may be why it was reset).
        await refuseCommonPassword(body.password);
        Object.assign(changes, {
          password_hash: await hashPassword(body.password),
          has_changed_password: false,
          original_password_sealed: await seal(body.password),
          sessions_valid_after: Date.now(),
        });
      }
      saved = { user: await updateUser(target, changes) };
    }
    const { user, token } = saved;
    const facilities = user.facility_id ? await getFacilitiesByIds([user.facility_id]) : new Map();
    return { body: { user: await viewOf(caller, user, facilities.get(user.facility_id ?? '') ?? null), ...(token ? { token } : {}) } };
  }),

  'DELETE /api/users/{id}': implement(USER_CONTRACTS['DELETE /api/users/{id}'], async (input) => {
    const caller = requireCaller(input);
    const target = await targetUser(input.params.id);
    if (target.id === caller.user.id) throw conflict('You cannot delete your own account.');
    if (isStaffAccount(target) && !isAdmin(caller)) throw forbidden('Only administrators can delete staff accounts.');
    if (target.facility_id) {
      const facility = (await getFacilitiesByIds([target.facility_id])).get(target.facility_id);
      if (facility) throw conflict(`User ${target.username} manages facility ${facility.facility_number}. Delete the facility instead.`);
    }
    await deleteUser(target);
    return { body: { success: true } };
  }),
};
