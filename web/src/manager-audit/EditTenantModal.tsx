/**
 * The manager Edit Tenant modal (spec tenants-letters-users §2, §4): the coverage choice among the
 * cycle's plans and the four responses, the address when it is incomplete, the charge confirmation,
 * the insurance effective date for a real plan (empty: the letter's date, or today once it passed), a note; and a History tab.
 * Errors (a 409 when someone else changed the tenant too) show inside the modal.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import { MANAGER_KEYWORD_CHOICES, TENANT_STATUS_LABELS, managerTenantBody } from '../../../shared/contracts/tenants';
import type { TenantView } from '../../../shared/contracts/tenants';
import { ApiError, errorText } from '../api/api-error';
import { DateField } from '../widgets/DateField';
import { contractProblems, useRevealFirstInvalid } from '../widgets/form-validation';
import { AddressFields } from './AddressFields';
import type { Address } from './AddressFields';
import { useCycleCoverages, useUpdateTenant } from './manager-audit-api';
import { TenantHistory } from '../tenants/TenantHistory';
import { coverageLabel, currentChoice, fullName, hasIncompleteAddress, isKeywordChoice, isLocked, planOfCoverageId } from './tenant-rules';

/** Spec §9: the manager edit modal shows the insurance effective date as M/dd/yyyy. */
const EFFECTIVE_DATE_FORMAT = 'M/dd/yyyy';
const FORM_ID = 'manager-edit-tenant-form';
/** What an empty date means (the one coverage start rule, shared/coverage-start.ts). */
const COVERAGE_START_HINT = 'Leave empty and coverage starts on the Letter Effective Date, or on the day you save once that date has passed.';
/** The fields that show their own error; any other refusal shows in the alert under the form. */
const FIELDS = ['address', 'city', 'state', 'zip_code', 'insurance_effective_date', 'note'] as const;
type Field = (typeof FIELDS)[number];

interface Props {
  tenant: TenantView;
  onClose: () => void;
  onSaved: (tenant: TenantView) => void;
  /** Reads the tenant again (after a 409) and reopens the modal on the fresh record. */
  onReload: () => void;
}

function CoverageChoices({ cycleId, value, onChange }: { cycleId: string; value: string | null; onChange: (choice: string) => void }) {
  const coverages = useCycleCoverages(cycleId);
  if (coverages.isLoading) return <Spinner />;
  if (coverages.isError) return <Alert type="error">Error! {errorText(coverages.error)}</Alert>;
  const plans = (coverages.data ?? []).map((c) => ({ value: c.id, label: coverageLabel(c) }));
  // A plan the tenant chose that the facility no longer offers still shows as its choice.
  const retired = value && !isKeywordChoice(value) && !plans.some((p) => p.value === value) ? planOfCoverageId(value) : null;
  const items = [
    ...plans,
    ...(retired && value ? [{ value, label: coverageLabel(retired) }] : []),
    ...MANAGER_KEYWORD_CHOICES.map((k) => ({ value: k, label: TENANT_STATUS_LABELS[k] })),
  ];
  return <RadioGroup value={value} items={items} onChange={({ detail }) => onChange(detail.value)} ariaLabel="Coverage" />;
}

export function EditTenantModal({ tenant, onClose, onSaved, onReload }: Props) {
  const update = useUpdateTenant();
  const locked = isLocked(tenant);
  const askAddress = hasIncompleteAddress(tenant);
  const [choice, setChoice] = useState<string | null>(() => currentChoice(tenant));
  const [address, setAddress] = useState<Address>({ address: tenant.address, city: tenant.city, state: tenant.state, zip_code: tenant.zip_code });
  const [chargeApplied, setChargeApplied] = useState(tenant.charge_applied_date !== null);
  const planChosen = (c: string | null) => c !== null && !isKeywordChoice(c);
  // Empty unless the tenant has a date: the server gives a plan chosen without one the date the letter
  // promised, or today once that has passed (docs/decisions.md "One coverage start date").
  const [effectiveDate, setEffectiveDate] = useState<string | null>(tenant.insurance_effective_date);
  const [note, setNote] = useState(tenant.note);
  const [tab, setTab] = useState('edit');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const { ref, reveal } = useRevealFirstInvalid<HTMLFormElement>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (locked || update.isPending) return;
    const body = {
      coverage: choice ?? undefined,
      ...(askAddress ? address : {}),
      charge_applied: chargeApplied,
      // Empty ('') asks the server for the rule's date, also where the tenant had one.
      insurance_effective_date: planChosen(choice) ? effectiveDate ?? '' : undefined,
      note,
    };
    // The server's own rules (a ZIP code of 5 digits...), checked before sending (issue 24).
    const found = contractProblems(managerTenantBody, { id: tenant.id, updated_at: tenant.updated_at, ...body }, FIELDS);
    setProblems(found);
    if (Object.keys(found).length > 0) return reveal();
    update.mutate(
      { id: tenant.id, updated_at: tenant.updated_at, ...body },
      { onSuccess: ({ tenant: saved }) => onSaved(saved), onError: reveal },
    );
  };
  const refusedField = update.error instanceof ApiError ? update.error.field : undefined;
  const serverField = FIELDS.find((f) => f === refusedField);
  const fieldError = (name: Field) => problems[name] ?? (serverField === name ? errorText(update.error) : undefined);

  const conflict = update.error instanceof ApiError && update.error.status === 409;
  const name = fullName(tenant);
  return (
    <Modal
      visible
      size="large"
      onDismiss={() => !update.isPending && onClose()}
      closeAriaLabel="Close"
      header={<Header variant="h2" description={`Unit ${tenant.unit}`}>{`${tenant.first_name} ${tenant.last_name ?? ''}`.trim()}</Header>}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={update.isPending} onClick={onClose}>Cancel</Button>
            {tab === 'edit' && (
              <Button variant="primary" form={FORM_ID} formAction="submit" loading={update.isPending} disabled={locked}>Save</Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        tabs={[
          {
            id: 'edit',
            label: 'Edit',
            content: (
              <form id={FORM_ID} ref={ref} onSubmit={submit} noValidate aria-label={`Edit ${name}`}>
                <SpaceBetween size="l">
                  {locked && <Alert type="info">The welcome letter was sent to this tenant, so it can no longer be edited.</Alert>}
                  <FormField label="Coverage">
                    <CoverageChoices cycleId={tenant.cycle_id} value={choice} onChange={setChoice} />
                  </FormField>
                  {askAddress && (
                    <Alert type="warning" header="Address is incomplete. Please fix any empty fields below.">
                      <AddressFields value={address} onChange={setAddress} errors={{ address: fieldError('address'), city: fieldError('city'), state: fieldError('state'), zip_code: fieldError('zip_code') }} />
                    </Alert>
                  )}
                  <Checkbox checked={chargeApplied} onChange={({ detail }) => setChargeApplied(detail.checked)}>
                    Confirm that insurance charge has been applied
                  </Checkbox>
                  {planChosen(choice) && (
                    <FormField label="Insurance Effective Date" description={effectiveDate ? undefined : COVERAGE_START_HINT} errorText={fieldError('insurance_effective_date')}>
                      <DateField value={effectiveDate} onChange={setEffectiveDate} format={EFFECTIVE_DATE_FORMAT} ariaLabel="Insurance Effective Date" invalid={!!fieldError('insurance_effective_date')} />
                    </FormField>
                  )}
                  <FormField label="Note" errorText={fieldError('note')}>
                    <Textarea value={note} rows={4} onChange={({ detail }) => setNote(detail.value)} ariaLabel="Note" />
                  </FormField>
                  {update.error && !serverField && (
                    <Alert
                      type="error"
                      data-testid="edit-tenant-error"
                      action={conflict ? <Button onClick={onReload}>Reload</Button> : undefined}
                    >
                      {errorText(update.error)}
                    </Alert>
                  )}
                </SpaceBetween>
              </form>
            ),
          },
          { id: 'history', label: 'History', content: <TenantHistory tenantId={tenant.id} /> },
        ]}
      />
    </Modal>
  );
}
