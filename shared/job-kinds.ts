/**
 * What staff call each kind of job, and where its own view is, for the Failed jobs page (issue 26): the
 * job's `type` as its route queues it (functions/*\/..-job-type(s).ts). A type not listed shows as itself,
 * with no link (a spreadsheet export: its file is asked for again from its list).
 */
export interface JobKind { label: string; link: string | null }

export const JOB_KINDS: Readonly<Record<string, JobKind>> = {
  'rent-roll-import': { label: 'Rent-roll import', link: '/import-history' },
  'letter-batch': { label: 'Letter batch', link: '/letter-batches' },
  'sample-letters': { label: 'Sample letters', link: '/send-letters' },
  archive: { label: 'Archive', link: '/list-facilities?tab=archives' },
  'storedge-setup': { label: 'StorEdge policy setup', link: '/insurance-policy-management' },
  'ledger-sync': { label: 'Sync tenant statuses', link: '/tenant-list' },
  'ineligible-preview': { label: 'Ineligible tenants preview', link: '/tenant-list' },
  'ineligible-removal': { label: 'Ineligible tenants removal', link: '/removed-tenants' },
  'charge-check': { label: 'Check charges', link: '/list-facilities' },
  'sitelink-rent-roll-report': { label: 'SiteLink rent-roll report', link: null },
  'storedge-ledger-report': { label: 'StorEdge ledger report', link: null },
  'facilities-export': { label: 'Facilities export', link: null },
  'facility-stats-export': { label: 'Facility stats export', link: null },
  'monitor-tenants-export': { label: 'Tenants export', link: null },
  'manager-tenants-export': { label: 'Manager tenants export', link: null },
  'policy-setup-export': { label: 'Policy setup export', link: null },
  'proofs-expiring-export': { label: 'Proofs expiring export', link: null },
};

export const jobKindOf = (type: string): JobKind => JOB_KINDS[type] ?? { label: type, link: null };
