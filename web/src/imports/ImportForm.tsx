/**
 * Choose a software type, choose files, Upload (spec §2 Upload Tenants and the Import tenants modal):
 * the software select (default SiteLink - ALP, §5), one file field per file the software needs (.xlsx),
 * the Upload button (disabled while uploading, §4), a progress bar while the files go up and the rows
 * are read and written, then the 'Import Complete' card. Failures open the Error modal (§8).
 */
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import {
  DEFAULT_IMPORT_SOFTWARE, IMPORT_FILE_EXTENSION, IMPORT_SOFTWARE_OPTIONS, filesNeededBy, importFileLabel, importSoftwareLabel,
} from '../../../shared/import-software';
import type { ImportFileRole, ImportSoftware } from '../../../shared/import-software';
import { ErrorModal } from '../facilities/dialogs';
import { ImportCompleteCard } from './ImportCompleteCard';
import { useImport } from './use-import';
import type { ImportState } from './use-import';

const FILE_FIELD_LABELS: Record<ImportFileRole, string> = { rent_roll: 'Rent Roll', tenant_address_list: 'Tenant Address List', insurance_sheet: 'Insurance Sheet' };

const FILE_UPLOAD_STRINGS = {
  uploadButtonText: () => 'Choose file',
  dropzoneText: () => 'Drop the file to upload',
  removeFileAriaLabel: () => 'Remove file',
  limitShowFewer: 'Show fewer files',
  limitShowMore: 'Show more files',
  errorIconAriaLabel: 'Error',
  warningIconAriaLabel: 'Warning',
};

function progressOf(state: ImportState): { value: number; description: string } | null {
  if (state.phase === 'uploading') return { value: state.total ? (5 * state.sent) / state.total : 0, description: `Sending file ${Math.min(state.sent + 1, state.total)} of ${state.total}` };
  if (state.phase !== 'importing') return null;
  const d = state.job.progress_detail;
  const description = state.job.status === 'queued'
    ? 'Waiting for the import to start'
    : d && d.rows_total
      ? `Rows read ${d.rows_read ?? 0} of ${d.rows_total}, tenants written ${d.rows_written ?? 0}, rows refused ${d.rows_refused ?? 0}`
      : `Reading the file${d?.rows_read ? `: ${d.rows_read} rows` : ''}`;
  return { value: 5 + (95 * state.job.progress) / 100, description };
}

export function ImportForm({ cycleId }: { cycleId?: string }) {
  const [software, setSoftware] = useState<ImportSoftware>(DEFAULT_IMPORT_SOFTWARE);
  const [files, setFiles] = useState<Partial<Record<ImportFileRole, File>>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const { state, run, reset } = useImport();
  const busy = state.phase === 'uploading' || state.phase === 'importing';
  const needed = filesNeededBy(software);
  const progress = progressOf(state);

  const upload = () => {
    const absent = needed.filter((role) => !files[role]);
    if (absent.length) {
      setMissing(`${importSoftwareLabel(software)} needs the ${absent.map(importFileLabel).join(' and the ')}.`);
      return;
    }
    setMissing(null);
    void run({ software, files: Object.fromEntries(needed.map((role) => [role, files[role]])), cycleId });
  };

  return (
    <SpaceBetween size="l">
      <FormField label="Software">
        <Select
          selectedOption={IMPORT_SOFTWARE_OPTIONS.find((o) => o.value === software) ?? null}
          options={IMPORT_SOFTWARE_OPTIONS}
          disabled={busy}
          onChange={({ detail }) => setSoftware(detail.selectedOption.value as ImportSoftware)}
          ariaLabel="Software"
        />
      </FormField>
      {needed.map((role) => (
        <FormField key={role} label={FILE_FIELD_LABELS[role]} description="An Excel workbook (.xlsx); only its first sheet is read.">
          <FileUpload
            value={files[role] ? [files[role]] : []}
            onChange={({ detail }) => setFiles((now) => ({ ...now, [role]: detail.value[0] }))}
            accept={IMPORT_FILE_EXTENSION}
            showFileSize
            showFileLastModified
            i18nStrings={FILE_UPLOAD_STRINGS}
          />
        </FormField>
      ))}
      {missing && <Alert type="warning">{missing}</Alert>}
      <Button variant="primary" onClick={upload} disabled={busy} loading={busy}>Upload</Button>
      {progress && <ProgressBar value={progress.value} label="Importing tenants" description={progress.description} />}
      {state.phase === 'done' && <ImportCompleteCard result={state.result} importId={state.importId} downloadError={state.downloadError} />}
      <ErrorModal message={state.phase === 'failed' ? state.message : null} onClose={reset} />
    </SpaceBetween>
  );
}
