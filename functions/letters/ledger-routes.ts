/**
 * The Send Letters page's ledger calls (spec tenants-letters-users §7 'Letters'): POST
 * /api/tenants/remove-uneligible-ledgers and POST /api/tenants/sync-ledger-statuses, served by the
 * tenants Lambda. A 200 always has success true and error_message null; every failure is an HTTP
 * error whose `error` the page shows in its modal (docs/decisions.md "Letters: ineligible tenants and
 * status sync").
 */
import { LEDGER_CONTRACTS } from '../../shared/contracts/letters';
import { implement, requireCaller } from '../runtime/route';
import { removeIneligible, syncStatuses } from './ledger-checks';

export const ledgerRoutes = {
  'POST /api/tenants/remove-uneligible-ledgers': implement(LEDGER_CONTRACTS['POST /api/tenants/remove-uneligible-ledgers'], async (input) => {
    const removed = await removeIneligible(input.body, requireCaller(input));
    return { body: { success: true, error_message: null, tenants_removed: removed } };
  }),

  'POST /api/tenants/sync-ledger-statuses': implement(LEDGER_CONTRACTS['POST /api/tenants/sync-ledger-statuses'], async (input) => {
    const updated = await syncStatuses(input.body, requireCaller(input));
    return { body: { success: true, error_message: null, tenants_updated: updated } };
  }),
};
