/**
 * Where one-off exports live in the exports bucket, and who may read each (docs/data-model.md):
 *
 *   temporary/staff/{id}/{file}                      staff only (admin, monitor)
 *   temporary/facility/{facility_id}/{id}/{file}     staff and that facility's manager
 *
 * `{id}` is a random UUID per export (or a fixed folder name such as `facility-stats`), `{file}` the
 * name the browser saves it as. The reader is told by the key alone, so the download route needs no
 * record per export. Everything lives under EXPORTS_TEMPORARY_PREFIX, which expires by lifecycle rule.
 * Pure: no AWS and no workbook library, so any group may use it.
 */
import { EXPORTS_TEMPORARY_PREFIX } from '../../shared/resources';
import { unprocessable } from '../runtime/http-error';

export type ExportOwner = { kind: 'staff' } | { kind: 'facility'; facility_id: string };

/**
 * What the ownership resolver answers for a staff-only export: a value no facility id can equal (ids are
 * single path segments and never contain '/'), so a manager always gets 403 and staff pass as always.
 */
export const STAFF_ONLY_OWNER = '/staff-only';

const STAFF_SEGMENT = 'staff';
const FACILITY_SEGMENT = 'facility';
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** Letters, digits, space, dot, underscore, dash; no leading dot (so never '.' or '..'). */
const FILE = /^[A-Za-z0-9_-][A-Za-z0-9 ._-]{0,149}$/;
const FIELD = 'file_key';

/**
 * A name a browser can save, from what a route asks for (e.g. `all_facilities`): characters outside the
 * safe set become '_', and the extension is added when missing.
 */
export function safeFilename(name: string, extension = '.xlsx'): string {
  let base = name.trim().replace(/[^A-Za-z0-9 ._-]+/g, '_').replace(/\.{2,}/g, '.').replace(/^[.\s]+/, '').slice(0, 120).trim();
  if (base.toLowerCase().endsWith(extension)) base = base.slice(0, -extension.length);
  if (base === '') base = 'export';
  return `${base}${extension}`;
}

export function exportKey(owner: ExportOwner, id: string, filename: string): string {
  if (!ID.test(id)) throw new Error(`export id '${id}' is not a safe key segment`);
  if (!FILE.test(filename) || filename.includes('..')) throw new Error(`export filename '${filename}' is not a safe key segment`);
  if (owner.kind === 'staff') return `${EXPORTS_TEMPORARY_PREFIX}${STAFF_SEGMENT}/${id}/${filename}`;
  if (owner.facility_id === '') throw new Error('a facility export needs a facility id');
  return `${EXPORTS_TEMPORARY_PREFIX}${FACILITY_SEGMENT}/${encodeURIComponent(owner.facility_id)}/${id}/${filename}`;
}

export interface ParsedExportKey {
  owner: ExportOwner;
  /** The file part of the key: the name the browser saves it as unless the caller names another. */
  filename: string;
}

/**
 * Reads an export key back. Anything outside the layout (another prefix, '..', empty or odd segments)
 * is refused with 422: the download route never presigns an object it cannot attribute to an owner.
 */
export function parseExportKey(key: string): ParsedExportKey {
  if (!key.startsWith(EXPORTS_TEMPORARY_PREFIX)) throw unprocessable(`file_key must start with '${EXPORTS_TEMPORARY_PREFIX}'.`, FIELD);
  if (key.includes('..')) throw unprocessable("file_key must not contain '..'.", FIELD);
  const parts = key.slice(EXPORTS_TEMPORARY_PREFIX.length).split('/');
  const bad = () => unprocessable('file_key does not name an export.', FIELD);
  if (parts[0] === STAFF_SEGMENT && parts.length === 3) {
    const [, id, filename] = parts as [string, string, string];
    if (!ID.test(id) || !FILE.test(filename)) throw bad();
    return { owner: { kind: 'staff' }, filename };
  }
  if (parts[0] === FACILITY_SEGMENT && parts.length === 4) {
    const [, encoded, id, filename] = parts as [string, string, string, string];
    let facilityId: string;
    try {
      facilityId = decodeURIComponent(encoded);
    } catch {
      throw bad();
    }
    if (facilityId === '' || encodeURIComponent(facilityId) !== encoded || !ID.test(id) || !FILE.test(filename)) throw bad();
    return { owner: { kind: 'facility', facility_id: facilityId }, filename };
  }
  throw bad();
}

/** The value the `export` ownership resolver compares with the manager's facility id. */
export const ownerFacilityId = (owner: ExportOwner): string => (owner.kind === 'facility' ? owner.facility_id : STAFF_ONLY_OWNER);
