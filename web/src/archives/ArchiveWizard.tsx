/**
 * The Archive wizard dialog of the Stats tab (spec §2 'Archive wizard dialog', §4; docs/decisions.md
 * "Archives (web)" and "Archives: retiring a facility"), titled with the facility number and prime site id.
 * Step 1 warns the archive cannot be undone and lists what it does with the facility's real counts; step 2
 * proposes the new letter dates (fetched on first entry: the current dates plus 3 months), typed as
 * MM/dd/yyyy or picked, with 'Skip setting letter dates' and the choice to retire the facility instead.
 * Complete queues the archive, shows its job's progress, opens the export in a new window and closes.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { ArchiveExecuteBody, ArchiveLetterDates } from '../../../shared/contracts/archives';
import type { FacilityStatsRow } from '../../../shared/contracts/facility-stats';
import { errorText } from '../api/api-error';
import { call } from '../api/client';
import { CYCLE_DIALOG_DATE_FORMAT } from '../cycles/cycle-fields';
import { DateField } from '../widgets/DateField';
import { ArchiveProgress } from './ArchiveProgress';
import { DATES_NOT_PULLED, archivesKey, fetchProposedDates } from './archives-api';
import { useArchiveJob } from './use-archive-job';

type DateKey = keyof ArchiveLetterDates;
type EditedDates = Record<DateKey, string | null>;

/** Step 2's pickers, in the spec's order and words. */
const DATE_FIELDS: readonly (readonly [DateKey, string])[] = [
  ['initial_letter_date', 'Audit Letter Date'],
  ['reminder_letter_date', 'Reminder Date'],
  ['letter_effective_date', 'Letter Effective Date'],
];

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Step 1's list: what the archive does, with the facility's counts as the Stats tab has them. */
export function archiveEffects(f: FacilityStatsRow): string[] {
  const stats = [
    `${f.upload_count} uploaded`, `${f.selected_coverage} selected coverage`, `${f.confirmed_payment} confirmed payment`,
    `${f.provided_proof} provided proof`, `${f.opted_out} opted out`, `${f.moved_out} moved out`, `${f.bad_address} bad address`,
    `${f.audit_letters_sent + f.reminder_letters_sent + f.welcome_letters_sent} letters sent`,
  ].join(', ');
  return [
    `Back up and delete all ${plural(f.total_all, 'tenant', 'tenants')} of the facility's open cycles.`,
    `Back up and reset the facility's stats (${stats}).`,
    'Reset the period-specific facility fields: the letter dates, the letters\' sent dates, the move-out confirmations and the upload counts.',
  ];
}

interface Props {
  facility: FacilityStatsRow;
  onClose: () => void;
}

export default function ArchiveWizard({ facility, onClose }: Props) {
  const [step, setStep] = useState<1 | 2>(1);
  const [datesWanted, setDatesWanted] = useState(false);
  const [edited, setEdited] = useState<EditedDates | null>(null);
  const [skip, setSkip] = useState(false);
  const [retire, setRetire] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const archive = useArchiveJob();

  // Spec: the dates are fetched on first entry into step 2 (going Back and on again keeps them).
  const proposed = useQuery({
    queryKey: [...archivesKey, 'new-dates', facility.id],
    queryFn: () => fetchProposedDates(facility.id),
    enabled: datesWanted,
    retry: false,
    staleTime: Infinity,
    // Dropped when the wizard closes: the next archive of this facility proposes from its new dates.
    gcTime: 0,
  });
  if (proposed.data && edited === null) setEdited({ ...proposed.data });

  const loading = datesWanted && proposed.isLoading;
  const noDates = skip || retire;
  const datesMissing = !noDates && (edited === null || DATE_FIELDS.some(([key]) => !edited[key]));
  const title = `Archive ${facility.facility_number} (Prime Site ID ${facility.prime_site_id || '--'})`;

  const complete = async () => {
    setFailure(null);
    const body: Partial<ArchiveExecuteBody> = retire
      ? { retire: true }
      : skip
        ? { skip_letter_dates: true }
        : { initial_letter_date: edited?.initial_letter_date ?? undefined, reminder_letter_date: edited?.reminder_letter_date ?? undefined, letter_effective_date: edited?.letter_effective_date ?? undefined };
    try {
      const done = await archive.run(() => call('POST /api/facility-archives/{id}/execute', { params: { id: facility.id }, body }));
      if (done) onClose();
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const footer = step === 1 ? (
    <SpaceBetween direction="horizontal" size="xs">
      <Button variant="link" onClick={onClose}>Cancel</Button>
      <Button
        variant="primary"
        onClick={() => {
          setStep(2);
          setDatesWanted(true);
        }}
      >
        Continue
      </Button>
    </SpaceBetween>
  ) : (
    <SpaceBetween direction="horizontal" size="xs">
      <Button disabled={loading || archive.running} onClick={() => setStep(1)}>Back</Button>
      <Button variant="primary" disabled={loading || archive.running || datesMissing} loading={archive.running} onClick={() => void complete()}>
        Complete
      </Button>
    </SpaceBetween>
  );

  return (
    <Modal
      visible
      size="medium"
      header={title}
      closeAriaLabel="Close"
      // An archive under way is waited for here: its export opens when it is done.
      onDismiss={() => {
        if (!archive.running) onClose();
      }}
      footer={<Box float="right">{footer}</Box>}
    >
      <div data-testid="archive-wizard">
        {step === 1 ? (
          <Alert type="warning" header="Archiving cannot be undone.">
            <SpaceBetween size="xs">
              <span>Archiving {facility.facility_number} will:</span>
              <ul aria-label="What archiving does">
                {archiveEffects(facility).map((line) => <li key={line}>{line}</li>)}
              </ul>
              <span>The backup is an export workbook, kept on the Archives tab.</span>
            </SpaceBetween>
          </Alert>
        ) : (
          <SpaceBetween size="m">
            <Box>New letter dates for the next period of {facility.facility_number} (the current dates plus 3 months).</Box>
            {loading && <Spinner size="normal" />}
            {proposed.isError && <Alert type="error">{DATES_NOT_PULLED}</Alert>}
            {DATE_FIELDS.map(([key, label]) => (
              <FormField key={key} label={label}>
                <DateField
                  value={edited?.[key] ?? null}
                  format={CYCLE_DIALOG_DATE_FORMAT}
                  ariaLabel={label}
                  disabled={noDates || loading || archive.running || edited === null}
                  onChange={(value) => setEdited((d) => (d ? { ...d, [key]: value } : d))}
                />
              </FormField>
            ))}
            <Checkbox checked={skip || retire} disabled={retire || archive.running} onChange={({ detail }) => setSkip(detail.checked)}>
              Skip setting letter dates
            </Checkbox>
            <Checkbox
              checked={retire}
              disabled={archive.running}
              description="The facility leaves the program: it moves to Retired Facilities with its final numbers and takes no new cycles. No letter dates are set."
              onChange={({ detail }) => setRetire(detail.checked)}
            >
              Retire the facility
            </Checkbox>
            <ArchiveProgress state={archive.state} label={`Archiving ${facility.facility_number}`} />
            {failure !== null && <Alert type="error" header="Error">{failure}</Alert>}
          </SpaceBetween>
        )}
      </div>
    </Modal>
  );
}
