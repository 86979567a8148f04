/**
 * Demo data for the local runtime only (never deployed), all logins with password demo1234:
 * - admin, monitor and manager (owner of facility 1001, generated password not changed yet);
 * - a living program (localstack/demo/): 25 facilities 1001-1025 with manager accounts manager1002-manager1025,
 *   their cycles dated from today and their tenants.
 * Running it again resets the logins and leaves facilities that already have their cycles as they are.
 */
import { hashPassword } from '../functions/auth/passwords';
import { seal } from '../functions/auth/secret-box';
import { createUser, getUserByUsername, updateUser } from '../functions/users/user-store';
import { loadReferenceData } from '../functions/program/reference-data';
import { readProgramSettings, saveProgramSettings } from '../functions/program/program-settings';
import type { ProgramSettingsFields } from '../shared/contracts/program-settings';
import type { NewUser } from '../functions/users/user-store';
import { DEMO_MANAGERS, demoFacilityId, seedDemoProgram } from './demo/program';
import type { DemoProgramResult } from './demo/program';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_FACILITY_ID = demoFacilityId('1001');

export const DEMO_USERS = [
  { username: 'admin', real_name: 'Avery Admin', email: 'admin@auditletter.example', is_admin: true, is_monitor: false, facility_id: null, has_changed_password: true },
  { username: 'monitor', real_name: 'Morgan Monitor', email: 'monitor@auditletter.example', is_admin: false, is_monitor: true, facility_id: null, has_changed_password: true },
  { username: 'manager', real_name: 'Mia Manager', email: 'manager@auditletter.example', is_admin: false, is_monitor: false, facility_id: DEMO_FACILITY_ID, has_changed_password: false },
] as const;

export { DEMO_MANAGERS };

/**
 * The demo program's identity: clearly fictitious (example.* domains, a 555-01xx number, 'Demo' in the
 * name), so a demo letter can never be taken for a real one. A deployed program starts with none and
 * refuses letters until an admin fills in Program Settings.
 */
export const DEMO_PROGRAM_SETTINGS: ProgramSettingsFields = {
  program_name: 'Demo Tenant Protection Program',
  address: 'PO Box 0100', address_2: '', city: 'Springfield', state: 'IL', zip_code: '62701',
  phone: '8005550100', email: 'letters@demo-program.example', website: 'https://respond.demo-program.example',
  signature: 'Demo Program Office', time_zone: 'America/Chicago', minimum_off_premises_limit: '1000',
  // Off, as a deployed program starts: an admin turns the deadline reminder on (issue 27).
  deadline_reminder_days: '',
};

/** Written once: a rerun keeps what an admin changed while trying the app. */
async function seedProgramSettings(): Promise<void> {
  if ((await readProgramSettings()).version === 0) {
    await saveProgramSettings(DEMO_PROGRAM_SETTINGS, 0, { user_id: 'system', username: 'demo-seed' });
  }
}

export async function seedDemoData(): Promise<DemoProgramResult> {
  await loadReferenceData();
  await seedProgramSettings();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const sealed = await seal(DEMO_PASSWORD);
  const managerIds = new Map<string, string>();
  await Promise.all([...DEMO_USERS, ...DEMO_MANAGERS].map(async (demo) => {
    const fields: NewUser = { ...demo, password_hash: passwordHash, original_password_sealed: demo.has_changed_password ? null : sealed };
    const existing = await getUserByUsername(demo.username);
    const user = existing ? await updateUser(existing, fields) : await createUser(fields);
    if (demo.facility_id) managerIds.set(demo.facility_id, user.id);
  }));
  return seedDemoProgram(managerIds);
}
