/** A SiteLink - Web rent roll as the software exports it (title rows, then the header), for tests that import one. */
import ExcelJS from 'exceljs';

export async function siteLinkRentRoll(site: string, ledgers: readonly string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rent Roll');
  sheet.addRow(['Rent Roll Report']);
  sheet.addRow([]);
  sheet.addRow(['Site ID', 'Unit', 'Tenant ID', 'First Name', 'Last Name', 'Address', 'City', 'State', 'Zip', 'Email', 'Moved In', 'Paid Thru']);
  ledgers.forEach((ledger, i) => sheet.addRow([site, `U${i + 1}`, ledger, `First${i}`, `Last${i}`, '1 Main St', 'Austin', 'TX', '78701', `first${i}@example.com`, '3/4/2024', '12/31/2026']));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
