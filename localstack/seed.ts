/**
 * Demo data for the local runtime only (never deployed): the three demo logins, all with password
 * demo1234, and the manager's facility 1001. Running it again resets them to this state.
 */
import { hashPassword } from '../functions/auth/passwords';
import { seal } from '../functions/auth/secret-box';
import { createFacility, getFacility, newFacilityFields, updateFacility } from '../functions/facilities/facility-store';
import { createUser, getUserByUsername, updateUser } from '../functions/users/user-store';
import { loadReferenceData } from '../functions/program/reference-data';
import type { NewUser } from '../functions/users/user-store';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_FACILITY_ID = 'demo-facility-1001';

export const DEMO_USERS = [
  { username: 'admin', real_name: 'Avery Admin', email: 'admin@auditletter.example', is_admin: true, is_monitor: false, facility_id: null, has_changed_password: true },
  { username: 'monitor', real_name: 'Morgan Monitor', email: 'monitor@auditletter.example', is_admin: false, is_monitor: true, facility_id: null, has_changed_password: true },
  { username: 'manager', real_name: 'Mia Manager', email: 'manager@auditletter.example', is_admin: false, is_monitor: false, facility_id: DEMO_FACILITY_ID, has_changed_password: false },
] as const;

export async function seedDemoData(): Promise<void> {
  await loadReferenceData();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, string> = {};
  for (const demo of DEMO_USERS) {
    const fields: NewUser = {
      ...demo,
      password_hash: passwordHash,
      original_password_sealed: demo.has_changed_password ? null : await seal(DEMO_PASSWORD),
    };
    const existing = await getUserByUsername(demo.username);
    const user = existing ? await updateUser(existing, fields) : await createUser(fields);
    ids[demo.username] = user.id;
  }
  const demoFacility = newFacilityFields({
    id: DEMO_FACILITY_ID,
    facility_number: '1001',
    account_name: 'Maple Street Self Storage',
    corporate_group: 'Maple Holdings',
    address: '1200 Maple Street',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    phone: '2175550142',
    email: 'maple@storage.example',
    contact_name: 'Mia Manager',
    software: 'sitelink_web',
    insurance_program_key: 'pma',
    insurance_program_label: 'PMA',
    brochure_url: 'https://storage.example/brochure.pdf',
    certificate_url: 'https://storage.example/certificate.pdf',
    coverages: [{ coverage: 2000, premium: 12 }, { coverage: 5000, premium: 18 }],
    manager_user_id: ids.manager ?? null,
  });
  const existing = await getFacility(DEMO_FACILITY_ID);
  if (existing) await updateFacility(existing, { manager_user_id: demoFacility.manager_user_id });
  else await createFacility(demoFacility);
}
