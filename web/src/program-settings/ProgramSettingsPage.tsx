/**
 * Program Settings (/program-settings, admins): the program's identity as every letter, certificate
 * and e-mail prints it, and the time zone letters are dated in. Letters are refused while any of it is
 * empty; each save is on record (the history below). Checked with the same schema as the server.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { PROGRAM_SETTING_LABELS, US_TIME_ZONES, programSettingsFields } from '../../../shared/contracts/program-settings';
import type { ProgramSettingKey, ProgramSettingsChange, ProgramSettingsValues } from '../../../shared/contracts/program-settings';
import { formatDisplayDate } from '../../../shared/format';
import { ApiError, errorText } from '../api/api-error';
import { STATE_OPTIONS } from '../facilities/facility-form';
import { useToast } from '../shell/toasts';
import { useRevealFirstInvalid } from '../widgets/form-validation';
import { useProgramSettings, useProgramSettingsHistory, useSaveProgramSettings } from './program-settings-api';

type Problems = Partial<Record<ProgramSettingKey, string>>;

function problemsOf(values: ProgramSettingsValues): Problems {
  const parsed = programSettingsFields.safeParse(values);
  if (parsed.success) return {};
  const problems: Problems = {};
  for (const issue of parsed.error.issues) problems[issue.path[0] as ProgramSettingKey] ??= issue.message;
  return problems;
}

const HINTS: Partial<Record<ProgramSettingKey, string>> = {
  program_name: 'The one name letters, certificates and e-mails use for the program.',
  signature: 'Printed under "Sincerely," above the program name, e.g. a name and title.',
  website: 'Where tenants respond online with their access code.',
  email: 'Where tenants write; certificate e-mails answer to it.',
  time_zone: 'Letters are dated on this time zone\u2019s calendar.',
  minimum_off_premises_limit: 'In dollars. Proof Review flags a tenant\u2019s policy whose limit for belongings away from home (in storage) is lower. Empty: no minimum.',
  deadline_reminder_days: 'Tenants with an e-mail address who have not answered are e-mailed this many days before their cycle\u2019s response deadline. Leave empty to send no reminder.',
};

function HistoryTable({ changes, loading }: { changes: ProgramSettingsChange[]; loading: boolean }) {
  const rows = changes.flatMap((save) => save.changes.map((c, i) => ({ ...c, at: save.at, by: save.by, key: `${save.at}-${i}` })));
  return (
    <Table
      variant="container"
      header={<Header variant="h2" description="Every saved change, newest first.">History</Header>}
      ariaLabels={{ tableLabel: 'Program settings history' }}
      loading={loading}
      loadingText="Loading history"
      items={rows}
      trackBy="key"
      empty={<Box textAlign="center" color="inherit">No changes yet.</Box>}
      columnDefinitions={[
        { id: 'at', header: 'When', cell: (r) => `${formatDisplayDate(new Date(r.at))} ${new Date(r.at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}` },
        { id: 'by', header: 'By', cell: (r) => r.by },
        { id: 'field', header: 'Setting', cell: (r) => r.label },
        { id: 'from', header: 'From', cell: (r) => r.from || '(not set)' },
        { id: 'to', header: 'To', cell: (r) => r.to || '(not set)' },
      ]}
    />
  );
}

export default function ProgramSettingsPage() {
  const current = useProgramSettings();
  const history = useProgramSettingsHistory();
  const save = useSaveProgramSettings();
  const toast = useToast();
  const [values, setValues] = useState<ProgramSettingsValues | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const { ref, reveal } = useRevealFirstInvalid<HTMLFormElement>();

  // The form starts from the stored settings, and again after each save (the server's version of them).
  useEffect(() => {
    if (current.data) setValues(current.data.settings);
  }, [current.data]);

  if (current.isError) {
    return <Alert type="error" header="The program settings could not be loaded">{errorText(current.error)}</Alert>;
  }
  if (!current.data || !values) return <Box padding="l">Loading program settings...</Box>;
  const view = current.data;

  const problems = submitted ? problemsOf(values) : {};
  const serverField = save.error instanceof ApiError ? (save.error.field as ProgramSettingKey | undefined) : undefined;
  const fieldError = (name: ProgramSettingKey) => problems[name] ?? (serverField === name ? errorText(save.error) : undefined);
  const set = (name: ProgramSettingKey, value: string) => {
    setValues({ ...values, [name]: value });
    if (save.error) save.reset();
  };
  const text = (name: ProgramSettingKey, options: { optional?: boolean; type?: 'email' | 'url' | 'text' } = {}) => (
    <FormField label={options.optional ? <>{PROGRAM_SETTING_LABELS[name]} <i>- optional</i></> : PROGRAM_SETTING_LABELS[name]} description={HINTS[name]} errorText={fieldError(name)}>
      <Input value={values[name]} type={options.type ?? 'text'} onChange={({ detail }) => set(name, detail.value)} disabled={save.isPending} />
    </FormField>
  );
  const zoneOptions = [
    ...US_TIME_ZONES.map(([value, label]) => ({ value, label, description: value })),
    ...(values.time_zone && !US_TIME_ZONES.some(([z]) => z === values.time_zone) ? [{ value: values.time_zone, label: values.time_zone }] : []),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problemsOf(values)).length > 0) {
      reveal();
      return;
    }
    save.mutate({ ...programSettingsFields.parse(values), version: view.version }, {
      onError: reveal,
      onSuccess: () => {
        setSubmitted(false);
        toast('Program settings have been saved!');
      },
    });
  };
  const problemCount = Object.keys(problems).length;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={view.updated_at ? `Last saved ${formatDisplayDate(new Date(view.updated_at))} by ${view.updated_by}.` : 'Never saved.'}
        >
          Program Settings
        </Header>
      }
    >
      <SpaceBetween size="l">
        {view.missing.length > 0 && (
          <Alert type="warning" header="Letters cannot be generated yet">
            Letters and certificates are refused until these are set: {view.missing.join(', ')}.
          </Alert>
        )}
        <form ref={ref} onSubmit={submit} noValidate>
          <Form
            errorText={save.error && !serverField ? errorText(save.error) : problemCount > 0 ? `Please fix the ${problemCount === 1 ? 'field' : `${problemCount} fields`} marked below.` : undefined}
            actions={<Button variant="primary" formAction="submit" loading={save.isPending}>Save</Button>}
          >
            <SpaceBetween size="l">
              <Container header={<Header variant="h2" description="How letters, certificates and e-mails name and sign for the program.">Identity</Header>}>
                <ColumnLayout columns={2}>
                  {text('program_name')}
                  {text('signature')}
                </ColumnLayout>
              </Container>
              <Container header={<Header variant="h2" description="Printed in the return-address window of every letter.">Return address</Header>}>
                <ColumnLayout columns={2}>
                  {text('address')}
                  {text('address_2', { optional: true })}
                  {text('city')}
                  <FormField label="State" errorText={fieldError('state')}>
                    <Select
                      selectedOption={STATE_OPTIONS.find((o) => o.value === values.state) ?? null}
                      options={STATE_OPTIONS}
                      filteringType="auto"
                      placeholder="Choose a state"
                      disabled={save.isPending}
                      onChange={({ detail }) => set('state', detail.selectedOption.value ?? '')}
                    />
                  </FormField>
                  {text('zip_code')}
                </ColumnLayout>
              </Container>
              <Container header={<Header variant="h2" description="How tenants reach the program; on every letter and in Need Help.">Contact</Header>}>
                <ColumnLayout columns={2}>
                  {text('phone')}
                  {text('email', { type: 'email' })}
                  {text('website', { type: 'url' })}
                  <FormField label={PROGRAM_SETTING_LABELS.time_zone} description={HINTS.time_zone} errorText={fieldError('time_zone')}>
                    <Select
                      selectedOption={zoneOptions.find((o) => o.value === values.time_zone) ?? null}
                      options={zoneOptions}
                      placeholder="Choose a time zone"
                      disabled={save.isPending}
                      onChange={({ detail }) => set('time_zone', detail.selectedOption.value ?? '')}
                    />
                  </FormField>
                </ColumnLayout>
              </Container>
              <Container header={<Header variant="h2" description="What Proof Review checks a tenant's declarations page against.">Proof of insurance</Header>}>
                <ColumnLayout columns={2}>
                  {text('minimum_off_premises_limit', { optional: true })}
                </ColumnLayout>
              </Container>
              <Container header={<Header variant="h2" description="E-mails the program sends by itself, once a day. Each carries an unsubscribe link and the return address above.">Reminders</Header>}>
                <ColumnLayout columns={2}>
                  {text('deadline_reminder_days', { optional: true })}
                </ColumnLayout>
              </Container>
            </SpaceBetween>
          </Form>
        </form>
        <HistoryTable changes={history.data ?? []} loading={history.isLoading} />
      </SpaceBetween>
    </ContentLayout>
  );
}
