/**
 * Edit facility (spec §2, large modal headed by the facility number): the form's sections plus Facility
 * Notes. The coverage options and additional contacts are read fresh from their own calls when the
 * modal opens. A failed save keeps the modal open with the server's message.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { FacilityView } from '../../../shared/contracts/facilities';
import { ApiError, errorText } from '../api/api-error';
import { call } from '../api/client';
import { FacilityFormSections } from './FacilityFormSections';
import { FACILITIES_KEY, useUpdateFacility } from './facilities-api';
import { formOfFacility, problemsOf } from './facility-form';
import type { FacilityFormValues, FieldName } from './facility-form';
import { useInsurancePrograms } from '../insurance-programs/insurance-programs-api';
import { useRevealFirstInvalid } from '../widgets/form-validation';

interface Props {
  facility: FacilityView;
  onClose: () => void;
  onSaved: () => void;
}

export function EditFacilityModal({ facility, onClose, onSaved }: Props) {
  const lists = useQuery({
    queryKey: [FACILITIES_KEY, 'edit-lists', facility.id],
    queryFn: async () => {
      const params = { id: facility.id };
      const [coverages, contacts] = await Promise.all([
        call('GET /api/facilities/{id}/coverages', { params }),
        call('GET /api/facilities/{id}/additional-contacts', { params }),
      ]);
      return { coverages, contacts };
    },
    staleTime: 0,
    gcTime: 0,
  });

  return (
    <Modal visible size="large" onDismiss={onClose} closeAriaLabel="Close" header={facility.facility_number}>
      {lists.isPending ? (
        <Box textAlign="center" padding="l" color="text-body-secondary"><Spinner /> Loading facility...</Box>
      ) : (
        <EditForm
          facility={facility}
          initial={{
            ...formOfFacility(facility),
            ...(lists.data ? { coverages: lists.data.coverages, additional_contacts: lists.data.contacts } : {}),
          }}
          listsError={lists.isError ? errorText(lists.error) : null}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function EditForm({ facility, initial, listsError, onClose, onSaved }: Props & { initial: FacilityFormValues; listsError: string | null }) {
  const programs = useInsurancePrograms();
  const update = useUpdateFacility();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const { ref, reveal } = useRevealFirstInvalid();

  const problems = submitted ? problemsOf(values, 'edit') : {};
  const serverError = update.error;
  const serverField = serverError instanceof ApiError ? (serverError.field as FieldName | undefined) : undefined;
  const fieldError = (name: FieldName) => problems[name] ?? (serverField === name ? errorText(serverError) : undefined);
  const noCoverage = values.coverages.length === 0;
  const problemCount = Object.keys(problems).length;

  const save = () => {
    setSubmitted(true);
    if (Object.keys(problemsOf(values, 'edit')).length > 0 || noCoverage) {
      reveal();
      return;
    }
    update.mutate({ id: facility.id, values }, {
      onSuccess: onSaved,
      // A field the server still refuses is marked at the field; the user is taken there.
      onError: reveal,
    });
  };

  return (
    <div ref={ref}>
      <Form
        errorText={serverError ? errorText(serverError) : problemCount > 0 ? `Please fix the ${problemCount === 1 ? 'field' : `${problemCount} fields`} marked above.` : undefined}
        errorIconAriaLabel="Error"
        actions={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {noCoverage && <span>Add at least one coverage option to save.</span>}
            <Button variant="link" onClick={onClose}>Cancel</Button>
            <Button variant="primary" disabled={noCoverage || update.isPending} loading={update.isPending} onClick={save}>Save</Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {listsError && (
            <Alert type="warning" header="The latest coverage options and contacts could not be loaded">
              {listsError} The lists below are the ones shown in the facilities list.
            </Alert>
          )}
          <FacilityFormSections
            mode="edit"
            values={values}
            onChange={(next) => {
              setValues(next);
              if (update.error) update.reset();
            }}
            fieldError={fieldError}
            programs={programs.data ?? []}
            programsLoading={programs.isLoading}
            disabled={update.isPending}
          />
        </SpaceBetween>
      </Form>
    </div>
  );
}
