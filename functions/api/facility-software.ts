/**
 * Lambda for the calls that ask a facility's software (SiteLink, StorEdge) about its tenants: Remove
 * Ineligible Tenants and Sync Tenant Statuses (paths under /api/tenants), Check Charges and the StorEdge policy setup. A group of their own, so the
 * SOAP and REST clients stay out of the tenants function (docs/decisions.md "Letters: an API group of
 * their own").
 */
import { createApiHandler } from '../runtime/api-handler';
import { ledgerRoutes } from '../letters/ledger-routes';
import { checkChargesRoutes } from '../charges/check-charges-route';
import { storEdgeSetupRoutes } from '../policy-setup/setup-routes';

export const handler = createApiHandler('facility-software', { ...ledgerRoutes, ...checkChargesRoutes, ...storEdgeSetupRoutes });
