/**
 * The zod contract of every implemented route, keyed like the route table. Each domain keeps its own
 * map (AUTH_CONTRACTS, USER_CONTRACTS, ...) so a Lambda bundles only its group's schemas; this merged
 * map serves the web client's types, GET /api/openapi.json and the wiring tests.
 */
import { APP_CONTRACTS } from './app';
import { ARCHIVE_CONTRACTS } from './archives';
import { PROGRAM_SETTINGS_CONTRACTS } from './program-settings';
import { AUTH_CONTRACTS } from './auth';
import { JOB_CONTRACTS } from './jobs';
import { FAILED_JOB_CONTRACTS } from './failed-jobs';
import { USER_CONTRACTS } from './users';
import { COVERAGE_CONTRACTS, INSURANCE_PROGRAM_CONTRACTS } from './coverages';
import { CYCLE_CONTRACTS } from './cycles';
import { MANAGER_CONTRACTS, MONITOR_CONTRACTS } from './dashboard';
import { EXPORT_CONTRACTS } from './exports';
import { FACILITY_CONTRACTS } from './facilities';
import { IMPORT_CONTRACTS } from './imports';
import { IMPORT_HISTORY_CONTRACTS } from './import-history';
import { FACILITY_STATS_CONTRACTS, RETIRED_FACILITY_CONTRACTS } from './facility-stats';
import { LETTER_CONTRACTS } from './letters';
import { LEDGER_CONTRACTS } from './ledger-checks';
import { POLICY_SETUP_CONTRACTS } from './policy-setup';
import { RESPOND_CONTRACTS } from './respond';
import { PROOF_REVIEW_CONTRACTS } from './proof-reviews';
import { REMINDER_CONTRACTS } from './reminders';
import { MANAGER_TENANT_CONTRACTS, TENANT_CONTRACTS, TENANT_EXPORT_CONTRACTS } from './tenants';
import { TENANT_STORY_CONTRACTS } from './tenant-story';
import { PROOFS_EXPIRING_CONTRACTS } from './proofs-expiring';

export type { RouteContract } from './contract';

export const CONTRACTS = {
  ...AUTH_CONTRACTS, ...APP_CONTRACTS, ...PROGRAM_SETTINGS_CONTRACTS, ...USER_CONTRACTS, ...JOB_CONTRACTS, ...FAILED_JOB_CONTRACTS,
  ...FACILITY_CONTRACTS, ...ARCHIVE_CONTRACTS, ...CYCLE_CONTRACTS, ...COVERAGE_CONTRACTS, ...INSURANCE_PROGRAM_CONTRACTS, ...MONITOR_CONTRACTS,
  ...MANAGER_CONTRACTS, ...EXPORT_CONTRACTS, ...FACILITY_STATS_CONTRACTS, ...RETIRED_FACILITY_CONTRACTS,
  ...TENANT_CONTRACTS, ...TENANT_STORY_CONTRACTS, ...PROOFS_EXPIRING_CONTRACTS, ...MANAGER_TENANT_CONTRACTS, ...TENANT_EXPORT_CONTRACTS, ...IMPORT_CONTRACTS, ...IMPORT_HISTORY_CONTRACTS,
  ...LETTER_CONTRACTS, ...LEDGER_CONTRACTS, ...POLICY_SETUP_CONTRACTS, ...RESPOND_CONTRACTS, ...PROOF_REVIEW_CONTRACTS,
  ...REMINDER_CONTRACTS,
};

export type ImplementedRouteKey = keyof typeof CONTRACTS;
export type ContractOf<K extends ImplementedRouteKey> = (typeof CONTRACTS)[K];
