/**
 * How ledger ids compare: as the facility software prints them, ignoring case and surrounding spaces.
 * Its own module so the archived ledger ids (functions/archives/archived-ledgers.ts) and the import
 * target that reads them share it without importing each other.
 */
export const ledgerKey = (ledgerId: string): string => ledgerId.trim().toLowerCase();
