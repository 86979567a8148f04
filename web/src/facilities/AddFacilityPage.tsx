/**
 * Add facility (/add-facility, spec §2): the five sections, 'Load from CRM', Save (disabled while
 * loading or with no coverage option), the server's validation messages, then 'Success!' with the new
 * manager account's generated login.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ApiError, errorText } from '../api/api-error';
import { CrmLookupModal } from './CrmLookupModal';
import { FacilityCreatedModal } from './FacilityCreatedModal';
import type { CreatedFacility } from './FacilityCreatedModal';
import { FacilityFormSections } from './FacilityFormSections';
import { useCreateFacility } from './facilities-api';
import { emptyFacilityForm, problemsOf, withCrmFacility } from './facility-form';
import type { FacilityFormValues, FieldName } from './facility-form';
import { useInsurancePrograms } from '../insurance-programs/insurance-programs-api';
import { useRevealFirstInvalid } from '../widgets/form-validation';

/** Spec §2: the insurance program defaults to the PMA program when it is in the list. */
export const DEFAULT_PROGRAM_KEY = 'pma';

export default function AddFacilityPage() {
  const navigate = useNavigate();
  const programs = useInsurancePrograms();
  const create = useCreateFacility();
  const [values, setValues] = useState<FacilityFormValues>(emptyFacilityForm);
  const [submitted, setSubmitted] = useState(false);
  const [crmOpen, setCrmOpen] = useState(false);
  const { ref, reveal } = useRevealFirstInvalid();
  const [created, setCreated] = useState<CreatedFacility | null>(null);

  const programList = programs.data ?? [];
  // Once the programs arrive, preselect PMA (or nothing, leaving the choice to the user).
  useEffect(() => {
    if (!programs.data) return;
    setValues((v) => (v.insurance_program_key || !programs.data.some((p) => p.key === DEFAULT_PROGRAM_KEY) ? v : { ...v, insurance_program_key: DEFAULT_PROGRAM_KEY }));
  }, [programs.data]);

  const problems = submitted ? problemsOf(values, 'add') : {};
  const serverError = create.error;
  const serverField = serverError instanceof ApiError ? (serverError.field as FieldName | undefined) : undefined;
  const fieldError = (name: FieldName) => problems[name] ?? (serverField === name ? errorText(serverError) : undefined);
  const noCoverage = values.coverages.length === 0;
  const loading = programs.isLoading || create.isPending;

  const change = (next: FacilityFormValues) => {
    setValues(next);
    if (create.error) create.reset();
  };

  const save = () => {
    setSubmitted(true);
    if (Object.keys(problemsOf(values, 'add')).length > 0 || noCoverage) {
      reveal();
      return;
    }
    create.mutate(values, {
      onError: reveal,
      onSuccess: (answer) =>
        setCreated({
          facility_number: values.facility_number.trim(),
          account_name: values.account_name.trim(),
          contact_name: values.contact_name.trim(),
          email: values.email.trim(),
          username: answer.username,
          password: answer.password,
        }),
    });
  };

  const startOver = () => {
    setCreated(null);
    setSubmitted(false);
    create.reset();
    setValues({ ...emptyFacilityForm(), insurance_program_key: programList.some((p) => p.key === DEFAULT_PROGRAM_KEY) ? DEFAULT_PROGRAM_KEY : '' });
    window.scrollTo({ top: 0 });
  };

  const clientProblemCount = Object.keys(problems).length;
  const formError = serverError
    ? errorText(serverError)
    : clientProblemCount > 0
      ? `Please fix the ${clientProblemCount === 1 ? 'field' : `${clientProblemCount} fields`} marked above.`
      : undefined;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Set up a facility in the program. Its manager account is created with it.">
          Add Facility
        </Header>
      }
    >
      <div ref={ref}>
        <Form
          errorText={formError}
          errorIconAriaLabel="Error"
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              {noCoverage && <span>Add at least one coverage option to save.</span>}
              <Button variant="primary" disabled={loading || noCoverage} loading={create.isPending} onClick={save}>
                Save
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {programs.isError && <Alert type="error" header="Insurance programs could not be loaded">{errorText(programs.error)}</Alert>}
            <FacilityFormSections
              mode="add"
              values={values}
              onChange={change}
              fieldError={fieldError}
              programs={programList}
              programsLoading={programs.isLoading}
              disabled={create.isPending}
              informationActions={<Button iconName="download" onClick={() => setCrmOpen(true)}>Load from CRM</Button>}
            />
          </SpaceBetween>
        </Form>
      </div>
      {crmOpen && <CrmLookupModal onUse={(crm) => change(withCrmFacility(values, crm))} onClose={() => setCrmOpen(false)} />}
      {created && <FacilityCreatedModal created={created} onAddAnother={startOver} onViewList={() => void navigate('/list-facilities')} />}
    </ContentLayout>
  );
}
