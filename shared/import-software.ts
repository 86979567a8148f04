/**
 * Rent-roll imports as the upload screens and the server both see them (spec tenants-letters-users §2
 * Upload Tenants, §5 "Import", §9 "Software choices"): the software a file comes from, in the order the
 * import modal lists them, and the files each one needs. The formats themselves are read on the server
 * (functions/imports/, docs/import-formats.md).
 */
import type { SoftwareKey } from './constants';

/**
 * Display order of the software choice, the spec's (§9 'Software choices': SiteLink - Web, SiteLink - ALP,
 * Syrasoft, StorEdge, EasyStorage); its default is the second choice, SiteLink - ALP (§5).
 */
export const IMPORT_SOFTWARE_KEYS = ['sitelink_web', 'sitelink_alp', 'syrasoft', 'storedge', 'easystorage'] as const satisfies readonly SoftwareKey[];
export type ImportSoftware = (typeof IMPORT_SOFTWARE_KEYS)[number];
export const DEFAULT_IMPORT_SOFTWARE: ImportSoftware = IMPORT_SOFTWARE_KEYS[1];

const SOFTWARE_LABELS: Readonly<Record<ImportSoftware, string>> = {
  sitelink_web: 'SiteLink - Web',
  sitelink_alp: 'SiteLink - ALP',
  storedge: 'StorEdge',
  syrasoft: 'Syrasoft',
  easystorage: 'EasyStorage',
};

export const importSoftwareLabel = (software: ImportSoftware): string => SOFTWARE_LABELS[software];
export const isImportSoftware = (value: string): value is ImportSoftware => (IMPORT_SOFTWARE_KEYS as readonly string[]).includes(value);

/** The choices of the software select, in display order. */
export const IMPORT_SOFTWARE_OPTIONS: readonly { value: ImportSoftware; label: string }[] =
  IMPORT_SOFTWARE_KEYS.map((value) => ({ value, label: SOFTWARE_LABELS[value] }));

/** The files of an import, by the form field that carries each (spec §7 'Import and policy setup'). */
export const IMPORT_FILE_ROLES = ['rent_roll', 'tenant_address_list', 'insurance_sheet'] as const;
export type ImportFileRole = (typeof IMPORT_FILE_ROLES)[number];

const FILE_LABELS: Readonly<Record<ImportFileRole, string>> = {
  rent_roll: 'rent roll',
  tenant_address_list: 'tenant address list',
  insurance_sheet: 'insurance sheet',
};

/** The file's name in messages, lower case: 'EasyStorage needs the tenant address list.' */
export const importFileLabel = (role: ImportFileRole): string => FILE_LABELS[role];

/** Every software takes a rent roll; EasyStorage keeps addresses and insurance in two more files (spec §5). */
export const filesNeededBy = (software: ImportSoftware): readonly ImportFileRole[] =>
  software === 'easystorage' ? IMPORT_FILE_ROLES : ['rent_roll'];

/** Biggest file an import takes: a 50,000-row rent roll is 4 to 8 MB, so this leaves room without inviting abuse. */
export const MAX_IMPORT_FILE_BYTES = 25 * 1024 * 1024;
/** Only .xlsx is read (spec §5); the browser's file picker and the upload policy ask for this type. */
export const IMPORT_FILE_EXTENSION = '.xlsx';
export const IMPORT_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
