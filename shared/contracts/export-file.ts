/**
 * What a create-export call answers and what a download call answers, apart from the export contracts
 * themselves (exports.ts reads the facilities list's query), so contracts that only answer a queued
 * export or a link (tenants, facility stats, letters) do not carry the facilities contracts along.
 */
import * as z from 'zod';

/** An export's object key (file_key) and the file name to save as. */
export const exportFile = z.object({ filename: z.string(), file_key: z.string() });
/** What a create-export call answers: the file it will be, and the job writing it (poll GET /api/jobs/{id}). */
export const queuedExport = exportFile.extend({ job_id: z.string() });
/** A short-lived presigned link and the name the browser saves the file as. */
export const exportDownload = z.object({ url: z.string(), filename: z.string(), expires_in_seconds: z.number() });
