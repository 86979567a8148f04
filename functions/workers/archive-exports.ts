/**
 * Worker for the archive-exports queue: every spreadsheet export job (docs/decisions.md, "Spreadsheet
 * exports run as jobs"), given the lists of the capabilities that own the rows. The archive jobs arrive
 * with the archives capability. exceljs is loaded by the first runner that writes a workbook, not here.
 */
import { exportRunners } from '../exports/export-runners';
import { listFacilitiesForExport } from '../facilities/facility-list';
import { listAllFacilityStats } from '../facilities/stats-routes';
import { createWorker } from '../runtime/worker';

export const handler = createWorker('archive-exports', {
  ...exportRunners({ listFacilities: listFacilitiesForExport, listFacilityStats: listAllFacilityStats }),
});
