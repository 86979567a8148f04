/**
 * The confirmation of a Proof Review decision: Accept asks only to confirm; Reject needs the reason the
 * tenant will read: one of the common reasons, which the portal says in the tenant's language (English
 * or Spanish), and/or words of the reviewer's own, shown as written (up to 500 characters, checked here
 * with the server's words and again by the server). A refused decision (someone decided it first, the tenant answered again) is shown in
 * the dialog; the list behind it reloads either way.
 */
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Input from '@cloudscape-design/components/input';
import { StatusIndicator } from '../widgets/StatusIndicator';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import { PROOF_REJECTION_REASONS } from '../../../shared/proof-rejection';
import type { ProofRejectionCode } from '../../../shared/proof-rejection';
import type { ProofReviewDetail, ProofReviewRow } from '../../../shared/contracts/proof-reviews';
import { DateField } from '../widgets/DateField';
import { ProofFacts } from './ProofFacts';
import { ApiError, errorText } from '../api/api-error';
import { acceptProof, rejectProof, useProofDetail } from './proof-review-api';
import { displayDate, proofOwner, tenantName } from './proof-names';

export type ProofDecisionKind = 'accept' | 'reject';

export interface DecisionOutcome {
  message: string;
  /** True when the decision stands but something the tenant should have had did not happen (the e-mail). */
  warning: boolean;
}

const REASON_MAX = 500;
const OWN_WORDS: SelectProps.Option = { value: '', label: 'None of these: I write the reason below' };
const REASON_OPTIONS: SelectProps.Option[] = [
  ...Object.entries(PROOF_REJECTION_REASONS).map(([value, label]) => ({ value, label })),
  OWN_WORDS,
];

interface Props {
  proof: ProofReviewRow;
  kind: ProofDecisionKind;
  onDecided: (outcome: DecisionOutcome) => void;
  /** Closed without a decision (cancelled, or refused by the server). */
  onClose: () => void;
  /** The server refused: the list may have changed under the dialog. */
  onRefused: () => void;
}

function rejectedMessage(proof: ProofReviewRow, email: 'sent' | 'no_address' | 'failed' | 'suppressed'): DecisionOutcome {
  const name = tenantName(proof);
  if (email === 'sent') return { warning: false, message: `Proof rejected. ${name} was e-mailed the reason and can upload a new proof on the response portal.` };
  if (email === 'no_address') return { warning: false, message: `Proof rejected. ${name} has no e-mail address on file and will see the reason on the response portal.` };
  if (email === 'suppressed') {
    return { warning: true, message: `Proof rejected, but no e-mail was sent: earlier mail to ${name}'s address was returned (see the tenant page). Call the tenant with the reason.` };
  }
  return { warning: true, message: `Proof rejected, but the e-mail to ${name} could not be sent. Call the tenant with the reason.` };
}

/** The facts an acceptance starts from: the page's where it was read, else what the tenant typed. */
function factsToAccept(proof: ProofReviewRow, detail: ProofReviewDetail | undefined): AcceptedFacts {
  const facts = detail?.reading?.facts;
  return {
    policy_expiry_date: facts?.period_end?.value ?? proof.policy_expiry_date,
    insurer: facts?.insurer?.value ?? proof.insurer,
    policy_number: facts?.policy_number?.value ?? '',
  };
}

interface AcceptedFacts { policy_expiry_date: string | null; insurer: string; policy_number: string }

function AcceptFields({ facts, onChange, disabled }: { facts: AcceptedFacts; onChange: (facts: AcceptedFacts) => void; disabled: boolean }) {
  return (
    <ColumnLayout columns={3}>
      <FormField label="Policy expiry" description="The tenant is reminded before it, and asked again once it passes.">
        <DateField value={facts.policy_expiry_date} format="M/dd/yyyy" placeholder="M/DD/YYYY" ariaLabel="Accepted policy expiry" disabled={disabled} onChange={(day) => onChange({ ...facts, policy_expiry_date: day })} />
      </FormField>
      <FormField label="Insurance company">
        <Input value={facts.insurer} ariaLabel="Accepted insurance company" disabled={disabled} onChange={({ detail }) => onChange({ ...facts, insurer: detail.value })} />
      </FormField>
      <FormField label="Policy number" description="Optional">
        <Input value={facts.policy_number} ariaLabel="Accepted policy number" disabled={disabled} onChange={({ detail }) => onChange({ ...facts, policy_number: detail.value })} />
      </FormField>
    </ColumnLayout>
  );
}

export function ProofDecisionModal({ proof, kind, onDecided, onClose, onRefused }: Props) {
  const detail = useProofDetail(proof.id);
  // Edited by staff once shown; until then it follows the page's facts as they load.
  const [edited, setEdited] = useState<AcceptedFacts | null>(null);
  const accepted = edited ?? factsToAccept(proof, detail.data);
  const [reasonCode, setReasonCode] = useState<ProofRejectionCode | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reject = kind === 'reject';

  const submit = async () => {
    const text = reason.trim();
    if (reject && text === '' && !reasonCode) return setReasonError('Reason is required.');
    if (reject && text.length > REASON_MAX) return setReasonError(`Reason must be at most ${REASON_MAX} characters.`);
    setBusy(true);
    setRefusal(null);
    try {
      if (reject) {
        const answer = await rejectProof(proof.id, { code: reasonCode, note: text });
        onDecided(rejectedMessage(proof, answer.email));
      } else {
        await acceptProof(proof.id, {
          policy_expiry_date: accepted.policy_expiry_date ?? undefined, insurer: accepted.insurer.trim() || undefined, policy_number: accepted.policy_number.trim() || undefined,
        });
        onDecided({ warning: false, message: `Proof accepted. ${proofOwner(proof)} now has Provided Proof.` });
      }
    } catch (err) {
      if (err instanceof ApiError && err.field === 'reason') setReasonError(err.error);
      else if (err instanceof ApiError && err.status === 422 && !reject) setRefusal(err.error);
      else {
        setRefusal(errorText(err));
        onRefused();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      onDismiss={() => !busy && onClose()}
      closeAriaLabel="Close"
      header={reject ? 'Reject proof' : 'Accept proof'}
      size="large"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onClose}>Cancel</Button>
            <Button variant="primary" loading={busy} disabled={refusal !== null} onClick={() => void submit()}>{reject ? 'Reject' : 'Accept'}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>
          {`${proofOwner(proof)} sent proof of a policy with ${proof.insurer} that expires ${displayDate(proof.policy_expiry_date)}.`}
        </Box>
        {detail.data ? <ProofFacts detail={detail.data} /> : detail.isError ? <Alert type="error">{errorText(detail.error)}</Alert> : <StatusIndicator type="loading">Loading what was read from the page</StatusIndicator>}
        {reject ? (
          <SpaceBetween size="m">
            <Box>
              The tenant&apos;s status goes back to no response. When the tenant has an e-mail address, this reason is e-mailed with the
              address of the response portal, where the tenant can upload a new proof or choose a coverage plan.
            </Box>
            <FormField label="Common reason" description="The tenant reads it in the language of their portal, English or Spanish.">
              <Select
                selectedOption={REASON_OPTIONS.find((o) => o.value === (reasonCode ?? '')) ?? OWN_WORDS}
                options={REASON_OPTIONS}
                ariaLabel="Common reason"
                onChange={({ detail }) => {
                  setReasonCode((detail.selectedOption.value || null) as ProofRejectionCode | null);
                  setReasonError(null);
                }}
              />
            </FormField>
            <FormField
              label={reasonCode ? 'More for the tenant (optional)' : 'Reason'}
              errorText={reasonError}
              constraintText={`In words the tenant understands, shown as you write them (up to ${REASON_MAX} characters).`}
            >
              <Textarea
                value={reason}
                rows={4}
                ariaLabel="Reason"
                placeholder="For example: the declarations page does not show the policy's expiry date."
                invalid={reasonError !== null}
                onChange={({ detail }) => {
                  setReason(detail.value);
                  setReasonError(null);
                }}
              />
            </FormField>
          </SpaceBetween>
        ) : (
          <SpaceBetween size="s">
            <Box>Accept it as proof of insurance? The tenant&apos;s status becomes Provided Proof, dated today, with these facts (from the page where it was read; correct them if the page says otherwise).</Box>
            <AcceptFields facts={accepted} disabled={busy} onChange={(facts) => { setEdited(facts); setRefusal(null); }} />
          </SpaceBetween>
        )}
        {refusal && <Alert type="error" header="Not decided">{refusal}</Alert>}
      </SpaceBetween>
    </Modal>
  );
}
