/**
 * Records written straight into the suite's emulator with the program's own store functions, for what
 * the API cannot create yet (facilities, managers) or would create slowly (hundreds of users).
 */
import { DEMO_PASSWORD, uniqueName } from './helpers';
import { hashPassword } from '../../functions/auth/passwords';
import { seal } from '../../functions/auth/secret-box';
import { createSession } from '../../functions/auth/sessions';
import { createFacility, newFacilityFields } from '../../functions/facilities/facility-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { createUser, getUser, getUserByUsername } from '../../functions/users/user-store';
import type { UserRecord } from '../../functions/users/user-store';

export { getUser, getUserByUsername };

/**
 * A session token made straight in the store, for tests that need a caller but do not test login
 * itself: no scrypt on the server, so the suite stays fast on a busy machine.
 */
export async function tokenFor(user: UserRecord | string): Promise<string> {
  const record = typeof user === 'string' ? await getUserByUsername(user) : user;
  if (!record) throw new Error(`no user ${String(user)}`);
  return (await createSession(record.id)).token;
}

let demoHash: Promise<string> | undefined;
/** One scrypt hash of the demo password, reused so fixtures stay fast. */
export const demoPasswordHash = (): Promise<string> => (demoHash ??= hashPassword(DEMO_PASSWORD));

export interface UserFixture {
  username?: string;
  is_admin?: boolean;
  is_monitor?: boolean;
  facility_id?: string | null;
  has_changed_password?: boolean;
  real_name?: string;
}

/** A user with password demo1234 (its original password sealed while it has not changed it). */
export async function makeUser(fixture: UserFixture = {}): Promise<UserRecord> {
  const username = fixture.username ?? uniqueName('user');
  const changed = fixture.has_changed_password ?? true;
  return createUser({
    username,
    email: `${username}@test.example`,
    real_name: fixture.real_name ?? `Real ${username}`,
    password_hash: await demoPasswordHash(),
    is_admin: fixture.is_admin ?? false,
    is_monitor: fixture.is_monitor ?? false,
    facility_id: fixture.facility_id ?? null,
    has_changed_password: changed,
    original_password_sealed: changed ? null : await seal(DEMO_PASSWORD),
  });
}

/** A facility written with the store (claim, stats, catalog entry); numbers are unique per call unless given. */
export async function makeFacility(id: string, managerUserId: string | null, number = uniqueName('F').replace(/[^A-Za-z0-9-]/g, '-').slice(0, 20)): Promise<FacilityRecord> {
  return createFacility(newFacilityFields({
    id, facility_number: number, account_name: `Facility ${number}`, corporate_group: 'Test Group', address: '1 Test Road', city: 'Testville',
    state: 'TX', zip_code: '75001', phone: '2145550100', email: `f${number}@test.example`, software: 'storedge', manager_user_id: managerUserId,
    insurance_program_key: 'pma', insurance_program_label: 'PMA', contact_name: 'Test Manager',
    brochure_url: 'https://example.com/brochure.pdf', certificate_url: 'https://example.com/certificate.pdf',
    coverages: [{ coverage: 2000, premium: 12 }],
  }));
}

/** A second facility with its own manager, who can log in. */
export async function makeManagerWithFacility(): Promise<{ facility: FacilityRecord; manager: UserRecord; token: string }> {
  const facilityId = uniqueName('facility');
  const manager = await makeUser({ username: uniqueName('mgr'), facility_id: facilityId, has_changed_password: false });
  const facility = await makeFacility(facilityId, manager.id);
  return { facility, manager, token: await tokenFor(manager) };
}

export { TEST_WRITE } from './test-write';
