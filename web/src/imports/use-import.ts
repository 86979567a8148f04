/**
 * One rent-roll import as the user sees it (docs/decisions.md "Rent-roll imports"): ask for an upload
 * (one presigned POST per file), send each file straight to the uploads bucket, start the import with
 * the upload's id, then poll its job every second; the job's progress counts rows read, written and
 * refused, and its result is the 'Import Complete' card. When the import made a duplicates list, it
 * downloads at once (spec §7: duplicate_tenant_filename 'triggers a download'); the card still offers it.
 * Shared by /upload-tenants and the cycle's 'Import tenants to a cycle' modal.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ImportResult } from '../../../shared/contracts/imports';
import type { JobView } from '../../../shared/contracts/jobs';
import type { ImportFileRole, ImportSoftware } from '../../../shared/import-software';
import { ApiError, errorText } from '../api/api-error';
import { call } from '../api/client';
import { useMounted, waitForJob } from '../jobs/wait-for-job';
import { downloadImportReport } from './import-history-api';

/** Spec §8: the text when the answer carried no data. */
export const UNKNOWN_IMPORT_ERROR = 'An unknown error occurred!';

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; sent: number; total: number }
  | { phase: 'importing'; job: JobView }
  /** `importId` names the import on Import History; `downloadError` says why the duplicates list did not download by itself. */
  | { phase: 'done'; result: ImportResult; importId: string; downloadError: string | null }
  | { phase: 'failed'; message: string };

export interface ImportRequest {
  software: ImportSoftware;
  files: Partial<Record<ImportFileRole, File>>;
  /** The cycle to import into; none: the facility's newest open cycle (Upload Tenants). */
  cycleId?: string;
}


/** Sends one file with its presigned POST; S3 answers 204 (or an XML error naming the broken condition). */
async function sendFile(target: { url: string; fields: Record<string, string> }, file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(target.url, { method: 'POST', body: form });
  } catch {
    throw new Error(`The file '${file.name}' could not be sent. Check the connection and try again.`);
  }
  if (!response.ok) {
    const text = await response.text();
    const reason = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    throw new Error(`The file '${file.name}' was not accepted${reason ? `: ${reason}` : ''}.`);
  }
}

export function useImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const mounted = useMounted();
  const show = useCallback((next: ImportState) => {
    if (mounted.current) setState(next);
  }, [mounted]);

  const run = useCallback(async ({ software, files, cycleId }: ImportRequest) => {
    const chosen = Object.entries(files).filter((e): e is [ImportFileRole, File] => e[1] !== undefined);
    show({ phase: 'uploading', sent: 0, total: chosen.length });
    try {
      const upload = await call('POST /api/tenants/import-uploads', {
        body: { software, cycle_id: cycleId, files: chosen.map(([role, file]) => ({ role, name: file.name, size: file.size })) },
      });
      let sent = 0;
      for (const target of upload.files) {
        await sendFile(target, files[target.role]!);
        sent += 1;
        show({ phase: 'uploading', sent, total: chosen.length });
      }
      const started = cycleId
        ? await call('POST /api/cycles/import-tenants', { body: { software, cycle_id: cycleId, upload_id: upload.upload_id } })
        : await call('POST /api/tenants/import', { body: { software, upload_id: upload.upload_id } });
      show({ phase: 'importing', job: started.job });
      // Big rent rolls take minutes; the import is waited for as long as the page is open.
      const job = await waitForJob(started.job.id, {
        onProgress: (current) => show({ phase: 'importing', job: current }), wanted: () => mounted.current,
        failed: UNKNOWN_IMPORT_ERROR, slow: UNKNOWN_IMPORT_ERROR, waitMs: Number.POSITIVE_INFINITY,
      });
      if (!job) return;
      if (!job.result) throw new Error(UNKNOWN_IMPORT_ERROR);
      const result = job.result as unknown as ImportResult;
      show({ phase: 'done', result, importId: job.id, downloadError: null });
      if (result.duplicate_tenant_filename && mounted.current) {
        try {
          await downloadImportReport(job.id, 'duplicates');
        } catch (err) {
          show({ phase: 'done', result, importId: job.id, downloadError: errorText(err) });
        }
      }
      // New tenants change every list and count that shows them (Import History among them).
      await queryClient.invalidateQueries();
    } catch (err) {
      show({ phase: 'failed', message: err instanceof ApiError ? errorText(err, UNKNOWN_IMPORT_ERROR) : errorText(err) });
    }
  }, [mounted, queryClient, show]);

  const reset = useCallback(() => show({ phase: 'idle' }), [show]);
  return { state, run, reset };
}
