/**
 * Rent-roll imports (spec tenants-letters-users §2 Upload Tenants and the Import tenants modal, §5, §7
 * 'Import and policy setup', §8). The browser first asks for an upload (POST /api/tenants/import-uploads:
 * one presigned POST per file, straight to the uploads bucket), sends the files, then starts the import
 * with the upload's id. The spec's multipart calls take the files in the request instead, when they fit
 * one. Either way the call answers at once with the import's job (202), whose result is the spec's
 * Import result once GET /api/jobs/{id} says done (docs/decisions.md "Rent-roll imports").
 */
import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { importCounts } from './import-counts';
import { jobView } from './jobs';
import { IMPORT_FILE_ROLES, MAX_IMPORT_FILE_BYTES, filesNeededBy, importFileLabel, importSoftwareLabel, isImportSoftware } from '../import-software';
import type { ImportFileRole, ImportSoftware } from '../import-software';

/** A request that carries its files (multipart) holds at most this much of them: API Gateway and Lambda cap a request near 6 MB. */
export const MAX_MULTIPART_IMPORT_BYTES = 4 * 1024 * 1024;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Spec §8: 'No such software as ...' for an unknown software. */
export const importSoftware = z.preprocess(blankToUndefined, z.string({ error: 'Choose a software type.' }).trim().refine(
  isImportSoftware,
  { error: (issue) => `No such software as ${String(issue.input)}.` },
)).transform((s) => s as ImportSoftware);

const isXlsxName = (name: string) => name.trim().toLowerCase().endsWith('.xlsx');
const notXlsx = (role: ImportFileRole, name: string) => `The ${importFileLabel(role)} '${name}' is not an .xlsx workbook. Save it as Excel Workbook (.xlsx) and try again.`;

/** Every file the software needs is there, and no other. */
function checkFiles(software: ImportSoftware, roles: readonly ImportFileRole[], ctx: z.RefinementCtx): void {
  for (const role of filesNeededBy(software)) {
    if (!roles.includes(role)) ctx.addIssue({ code: 'custom', path: [role], message: `${importSoftwareLabel(software)} needs the ${importFileLabel(role)}.` });
  }
  for (const role of roles) {
    if (!filesNeededBy(software).includes(role)) ctx.addIssue({ code: 'custom', path: [role], message: `${importSoftwareLabel(software)} takes no ${importFileLabel(role)}.` });
  }
}

const declaredFile = z.object({
  role: z.enum(IMPORT_FILE_ROLES, { error: `role must be one of ${IMPORT_FILE_ROLES.join(', ')}.` }),
  name: z.string().trim().min(1, 'Every file needs its name.').max(200, 'File names are at most 200 characters.'),
  size: z.number().int().min(1, 'The file is empty.').max(MAX_IMPORT_FILE_BYTES, `Files are at most ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB.`),
});

export const importUploadRequest = z.object({
  software: importSoftware,
  cycle_id: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  files: z.array(declaredFile).min(1, 'Choose the files to import.').max(IMPORT_FILE_ROLES.length),
}).superRefine((body, ctx) => {
  const roles = body.files.map((f) => f.role);
  if (new Set(roles).size !== roles.length) ctx.addIssue({ code: 'custom', path: ['files'], message: 'Each file may be sent once.' });
  for (const f of body.files) if (!isXlsxName(f.name)) ctx.addIssue({ code: 'custom', path: [f.role], message: notXlsx(f.role, f.name) });
  checkFiles(body.software, roles, ctx);
});

export const importUploadResponse = z.object({
  upload_id: z.string(),
  expires_at: z.string(),
  max_bytes: z.number(),
  files: z.array(z.object({ role: z.enum(IMPORT_FILE_ROLES), url: z.string(), fields: z.record(z.string(), z.string()) })),
});
export type ImportUploadResponse = z.infer<typeof importUploadResponse>;

/** A file part of a multipart body, as the API's multipart parser hands it over. */
const multipartFile = z.custom<{ filename: string; content: Uint8Array }>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { filename?: unknown }).filename === 'string' && (v as { content?: unknown }).content instanceof Uint8Array,
  { error: 'Send the file as a file part of a multipart/form-data body.' },
).meta({ type: 'string', format: 'binary', description: 'A file part of a multipart/form-data body' });

const importFields = {
  software: importSoftware,
  /** The upload whose files to import (POST /api/tenants/import-uploads); or the files themselves, multipart. */
  upload_id: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  rent_roll: multipartFile.optional(),
  tenant_address_list: multipartFile.optional(),
  insurance_sheet: multipartFile.optional(),
};

export type SentFiles = Partial<Record<ImportFileRole, { filename: string; content: Uint8Array }>>;

function checkSentFiles(body: { software: ImportSoftware; upload_id?: string } & SentFiles, ctx: z.RefinementCtx): void {
  const sent = IMPORT_FILE_ROLES.filter((role) => body[role] !== undefined);
  if (body.upload_id) {
    if (sent.length) ctx.addIssue({ code: 'custom', path: ['upload_id'], message: 'Send either upload_id or the files, not both.' });
    return;
  }
  if (sent.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['rent_roll'], message: 'Choose the files to import.' });
    return;
  }
  let total = 0;
  for (const role of sent) {
    const file = body[role]!;
    total += file.content.byteLength;
    if (!isXlsxName(file.filename)) ctx.addIssue({ code: 'custom', path: [role], message: notXlsx(role, file.filename) });
    if (file.content.byteLength === 0) ctx.addIssue({ code: 'custom', path: [role], message: `The ${importFileLabel(role)} '${file.filename}' is empty.` });
  }
  if (total > MAX_MULTIPART_IMPORT_BYTES) {
    ctx.addIssue({ code: 'custom', path: ['rent_roll'], message: `Files sent in the request are at most ${MAX_MULTIPART_IMPORT_BYTES / 1024 / 1024} MB together; upload bigger files first (POST /api/tenants/import-uploads).` });
  }
  checkFiles(body.software, sent, ctx);
}

export const tenantImportBody = z.object(importFields).superRefine(checkSentFiles);
export const cycleImportBody = z.object({ ...importFields, cycle_id: z.string({ error: 'cycle_id is required.' }).trim().min(1, 'cycle_id is required.').max(64) })
  .superRefine(checkSentFiles);

/** What an import call answers at once: its job; the job's result is importResult. */
export const queuedImport = z.object({ job: jobView });

/** Spec §3 Import result, as the job's result holds it once done. */
export const importResult = z.object({
  facility_id: z.string(),
  facility_number: z.string(),
  cycle_id: z.string(),
  cycle_label: z.string(),
  ...importCounts.shape,
  duplicate_tenant_filename: z.string().nullable(),
  error_report_filename: z.string().nullable(),
  /** The list of the rows already active in the system (issue 24); absent from results of before it. */
  active_tenant_filename: z.string().nullable().default(null),
});
export type ImportResult = z.infer<typeof importResult>;

export const IMPORT_CONTRACTS = {
  'POST /api/tenants/import-uploads': {
    summary: 'Presigned POSTs to send the files of an import straight to the uploads bucket',
    body: importUploadRequest, response: importUploadResponse,
  },
  'POST /api/tenants/import': { summary: 'Import a rent roll into its facility\'s newest open cycle (a job)', body: tenantImportBody, response: queuedImport },
  'POST /api/cycles/import-tenants': { summary: 'Import a rent roll into this cycle (a job)', body: cycleImportBody, response: queuedImport },
} satisfies Partial<Record<RouteKey, RouteContract>>;
