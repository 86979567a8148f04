/**
 * Every path of the spec's route table, with its breadcrumb title and access. Each page is its own
 * chunk (React.lazy), so the login page does not carry the user table.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteAccess } from './access';

export interface WebRoute {
  path: string;
  title: string;
  access: RouteAccess;
  page: LazyExoticComponent<ComponentType>;
}

const HomePage = lazy(() => import('../home/HomePage'));
const LoginPage = lazy(() => import('../auth/LoginPage'));
const LogoutPage = lazy(() => import('../auth/LogoutPage'));
const ProfilePage = lazy(() => import('../profile/ProfilePage'));
const UnauthorizedPage = lazy(() => import('../pages/UnauthorizedPage'));
const HelpVideosPage = lazy(() => import('../help/HelpVideosPage'));
const ManageUsersPage = lazy(() => import('../users/ManageUsersPage'));
const AddFacilityPage = lazy(() => import('../facilities/AddFacilityPage'));
const ListFacilitiesPage = lazy(() => import('../facilities/ListFacilitiesPage'));
const ManageCyclesPage = lazy(() => import('../cycles/ManageCyclesPage'));
const TenantListPage = lazy(() => import('../tenants/TenantListPage'));
const TenantStoryPage = lazy(() => import('../tenants/TenantStoryPage'));
const MasterAuditPage = lazy(() => import('../manager-audit/MasterAuditPage'));
const CycleAuditPage = lazy(() => import('../manager-audit/CycleAuditPage'));
const UploadTenantsPage = lazy(() => import('../imports/UploadTenantsPage'));
const ImportHistoryPage = lazy(() => import('../imports/ImportHistoryPage'));
const SendLettersPage = lazy(() => import('../letters/SendLettersPage'));
const LetterBatchesPage = lazy(() => import('../letters/LetterBatchesPage'));
const RemovedTenantsPage = lazy(() => import('../letters/RemovedTenantsPage'));
const ProgramSettingsPage = lazy(() => import('../program-settings/ProgramSettingsPage'));
const InsurancePolicyManagementPage = lazy(() => import('../policy-setup/InsurancePolicyManagementPage'));
const ProofReviewPage = lazy(() => import('../proof-review/ProofReviewPage'));
const ProofsExpiringPage = lazy(() => import('../proofs-expiring/ProofsExpiringPage'));
const FailedJobsPage = lazy(() => import('../jobs/FailedJobsPage'));
export const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

export const NOT_FOUND_TITLE = 'Page Not Found';

export const WEB_ROUTES: readonly WebRoute[] = [
  { path: '/', title: 'Home', access: 'session', page: HomePage },
  { path: '/login', title: 'Login', access: 'guest', page: LoginPage },
  // Public so the page can finish its sequence (clear auth, tell the server, go to /login) itself.
  { path: '/logout', title: 'Logout', access: 'public', page: LogoutPage },
  { path: '/profile', title: 'Profile', access: 'session', page: ProfilePage },
  { path: '/unauthorized', title: 'Unauthorized', access: 'session', page: UnauthorizedPage },
  { path: '/help-videos', title: 'Help Videos', access: 'public', page: HelpVideosPage },
  { path: '/add-facility', title: 'Add Facility', access: ['monitor'], page: AddFacilityPage },
  { path: '/list-facilities', title: 'List Facilities', access: ['monitor'], page: ListFacilitiesPage },
  { path: '/manage-cycles', title: 'Manage Cycles', access: ['monitor'], page: ManageCyclesPage },
  { path: '/tenant-list', title: 'Master Tenants List', access: ['monitor'], page: TenantListPage },
  // Beyond the spec (issue 24): one tenant's whole story, from the tenant lists, Proof Review and the navigation bar's search.
  { path: '/tenants/:tenant_id', title: 'Tenant', access: ['monitor'], page: TenantStoryPage },
  { path: '/upload-tenants', title: 'Upload Tenants', access: ['monitor'], page: UploadTenantsPage },
  { path: '/import-history', title: 'Import History', access: ['monitor'], page: ImportHistoryPage },
  { path: '/send-letters', title: 'Send Proof Letters', access: ['monitor'], page: SendLettersPage },
  { path: '/insurance-policy-management', title: 'Insurance Policy Management', access: ['monitor'], page: InsurancePolicyManagementPage },
  { path: '/letter-batches', title: 'Letter Batches', access: ['monitor'], page: LetterBatchesPage },
  { path: '/removed-tenants', title: 'Removed Tenants', access: ['monitor'], page: RemovedTenantsPage },
  // Beyond the spec: the proofs tenants upload on the response portal (issue 18, docs/decisions.md "Proof Review").
  { path: '/proof-review', title: 'Proof Review', access: ['monitor'], page: ProofReviewPage },
  // Issue 27: tenants whose accepted proof ends soon (docs/decisions.md "Proofs expiring (issue 27)").
  { path: '/proofs-expiring', title: 'Proofs expiring', access: ['monitor'], page: ProofsExpiringPage },
  // Beyond the spec: failed background work staff see and retry (issue 26, docs/decisions.md "Failed jobs").
  { path: '/failed-jobs', title: 'Failed jobs', access: ['monitor'], page: FailedJobsPage },
  { path: '/manage-users', title: 'View User Accounts', access: ['monitor'], page: ManageUsersPage },
  { path: '/program-settings', title: 'Program Settings', access: ['admin'], page: ProgramSettingsPage },
  { path: '/master-audit', title: 'Master Audit', access: ['manager'], page: MasterAuditPage },
  { path: '/cycle-audit/:cycle_id', title: 'Cycle Audit', access: ['manager'], page: CycleAuditPage },
];
