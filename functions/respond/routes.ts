/**
 * The /api/respond routes: the tenant response portal (issue 18). Sign-in is public; every other route
 * runs for the tenant of a portal session (access 'respondent', functions/runtime/authenticate.ts), on
 * that tenant's records only: no route takes a tenant, facility or cycle id from the request.
 */
import { RESPOND_CONTRACTS } from '../../shared/contracts/respond';
import { implement, requireRespondent } from '../runtime/route';
import { chooseCoverage, optOut, startProofUpload, submitProof } from './answers';
import { buildView, loadContext } from './respond-view';
import { endRespondentSession } from './respondent-sessions';
import { signIn } from './sign-in';

const C = RESPOND_CONTRACTS;

export const respondRoutes = {
  'POST /api/respond/sign-in': implement(C['POST /api/respond/sign-in'], async ({ body, sourceIp }) => ({
    body: await signIn(body.access_code, body.zip_code, sourceIp),
  })),
  'POST /api/respond/sign-out': implement(C['POST /api/respond/sign-out'], async (input) => {
    await endRespondentSession(requireRespondent(input).sessionId);
    return { body: { success: true } };
  }),
  'GET /api/respond/letter': implement(C['GET /api/respond/letter'], async (input) => ({
    body: buildView(await loadContext(requireRespondent(input))),
  })),
  'POST /api/respond/coverage': implement(C['POST /api/respond/coverage'], async (input) => ({
    body: await chooseCoverage(requireRespondent(input), input.body),
  })),
  'POST /api/respond/opt-out': implement(C['POST /api/respond/opt-out'], async (input) => ({
    body: await optOut(requireRespondent(input), input.body),
  })),
  'POST /api/respond/proof-upload': implement(C['POST /api/respond/proof-upload'], async (input) => ({
    body: await startProofUpload(requireRespondent(input), input.body),
  })),
  'POST /api/respond/proof': implement(C['POST /api/respond/proof'], async (input) => ({
    body: await submitProof(requireRespondent(input), input.body),
  })),
};
