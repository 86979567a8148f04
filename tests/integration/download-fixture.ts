/** A download link followed as the browser does (no session header), read as its workbook's first sheet. */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';

export async function firstSheetAt(url: string): Promise<ExcelJS.Worksheet> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  return workbook.worksheets[0]!;
}
