/**
 * Master Tenants List (/tenant-list, spec tenants-letters-users §2 Reading B), changing tenants: the Edit Tenant
 * and Edit Tenant Status modals, the bulk actions with their confirmations and refusals, the 300-tenant
 * selection cap, the export job and a failed load. Each test that changes tenants works in demo facilities of
 * its own (pickTenants), which the other suites leave alone; tenant-list.spec.ts reads the list meanwhile.
 */
import { formatAccessCode } from '../../shared/access-code';
import { expectAccessible } from './a11y';
import { DEMO, loginAs, openAs, test } from './fixtures';
import { adminHeaders, listed } from './program-data';
import { allOfFacility, bulkAction, check, checkAllOnPage, chooseOption, expect, expectToast, filterFacility, full, goToPage, hasPlan, openList, pickTenants, rowOf, rows, tenantById, tenantsHeading, tenantsOf, toast } from './tenant-list-page';

// Its tests share nothing they change (each test that changes tenants has demo facilities of its own), so
// any number of workers may share them (one today: docs/decisions.md "End-to-end: two workers").
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

test('edits a tenant, shows its history, and a concurrent edit is refused inside the modal', async ({ page, request }) => {
  const { facility, all, picked: [[tenant]] } = await pickTenants(request, ['1021', '1012'], [{ which: () => true, count: 1 }]);

  await openList(page);
  await filterFacility(page, facility, all.length);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(tenant!.last_name!);
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Edit Tenant ${full(tenant!)}`) });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('First Name', { exact: true })).toHaveValue(tenant!.first_name);
  // The access code is the program's: shown as printed on the letters, not editable.
  await expect(modal.getByLabel('Access Code', { exact: true })).toHaveValue(formatAccessCode(tenant!.access_code));
  await expect(modal.getByLabel('Access Code', { exact: true })).not.toBeEditable();
  await modal.getByLabel('City', { exact: true }).fill('Testville');
  await modal.getByLabel('Note', { exact: true }).fill('Called about the letter.');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, `Tenant record was successfully updated for ${full(tenant!)}`);
  await expect(modal).toBeHidden();
  const saved = await tenantById(request, facility, tenant!.id);
  expect(saved.city).toBe('Testville');
  expect(saved.note).toBe('Called about the letter.');

  // History: newest first, each field from -> to.
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('tab', { name: 'History' }).click();
  await expect(modal.getByRole('table', { name: 'Tenant history' })).toContainText(`${tenant!.city || '(blank)'} → Testville`);
  await expect(modal.getByRole('table', { name: 'Tenant history' })).toContainText('monitor');
  await modal.getByRole('tab', { name: 'Details' }).click();

  // Someone else saves first: the server's 409 shows inside the modal, which stays open.
  const headers = await adminHeaders(request);
  const other = await request.post(`/api/tenants/${tenant!.id}`, { headers, form: { updated_at: saved.updated_at, country: 'CA' } });
  expect(other.status(), await other.text()).toBe(200);
  await modal.getByLabel('Policy Number', { exact: true }).fill('POL-4242');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toContainText('This tenant was changed by someone else. Reload and try again.');
  await expect(modal).toBeVisible();

  // A field the server refuses shows next to it; a blank first name is caught before saving.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  await modal.getByLabel('First Name', { exact: true }).fill('');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toContainText('First name is required.');
  // The first field marked has the focus (issue 24: every form takes the user there).
  await expect(modal.getByLabel('First Name', { exact: true })).toBeFocused();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
});

test('tags and untags a tenant for removal and confirms its charge from the edit modal', async ({ page, request }) => {
  const { facility, all, picked: [[tenant]] } = await pickTenants(request, ['1016', '1014'], [{ which: (t) => !t.tagged_for_removal && !t.charge_applied_date, count: 1 }]);

  await openList(page);
  await filterFacility(page, facility, all.length);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(tenant!.last_name!);
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Edit Tenant ${full(tenant!)}`) });
  await modal.getByText('Tagged for removal').click();
  await modal.getByText('Confirm that insurance charge has been applied').click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, `Tenant record was successfully updated for ${full(tenant!)}`);
  let now = await tenantById(request, facility, tenant!.id);
  expect(now.tagged_for_removal).toBe(true);
  expect(now.charge_applied_date).not.toBeNull();

  // The switch lists only tagged tenants; untagging takes the tenant off it.
  await page.getByText('Show Tenants Tagged for Removal').click();
  await expect(rowOf(page, tenant!)).toBeVisible();
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  await expect(modal.getByRole('checkbox', { name: 'Tagged for removal' })).toBeChecked();
  const untag = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/tenants/${tenant!.id}`));
  await modal.getByText('Tagged for removal').click();
  await modal.getByRole('button', { name: 'Save' }).click();
  expect((await untag).postData()).toContain('untag=true');
  await expect(modal).toBeHidden();
  await expect(rowOf(page, tenant!)).toHaveCount(0);
  now = await tenantById(request, facility, tenant!.id);
  expect(now.tagged_for_removal).toBe(false);
});

test('changes a tenant\'s status from the pencil; Save needs a different status', async ({ page, request }) => {
  const { facility, all, picked: [[tenant]] } = await pickTenants(request, ['1018', '1011'], [{ which: (t) => t.status === null, count: 1 }]);

  await openList(page);
  await filterFacility(page, facility, all.length);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(tenant!.last_name!);
  await rowOf(page, tenant!).getByRole('button', { name: `Edit status of ${listed(tenant!)}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(full(tenant!)) });
  await expect(modal).toContainText(`Unit ${tenant!.unit}`);
  await expect(modal.getByTestId('current-status')).toHaveText('No response');
  const save = modal.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await modal.getByText('Provided Proof', { exact: true }).click();
  await expect(save).toBeEnabled();
  await modal.getByText('No Response', { exact: true }).click();
  await expect(save).toBeDisabled();
  await modal.getByText('Opted Out', { exact: true }).click();

  // While saving, the modal cannot be closed; a failed save stays open and says why (issue 24).
  await page.route(`**/api/tenants/${tenant!.id}/status`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Server hiccup.' }) });
  });
  // Escape right behind the click, queued while the click's task still runs: a closing guard that waits for
  // a timer to learn the save began lets it through (it did in CI once).
  const clicking = page.evaluate(() => {
    const button = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((b) => b.textContent === 'Save');
    button!.click();
    const until = Date.now() + 400;
    while (Date.now() < until) { /* hold the page's thread so the key waits behind this task */ }
  });
  await page.waitForTimeout(100);
  await page.keyboard.press('Escape');
  await clicking;
  await expect(modal).toBeVisible();
  await expect(save).toBeEnabled();
  await expect(modal.getByText('The status was not saved')).toBeVisible();
  await expect(modal.getByText('Server hiccup.')).toBeVisible();
  await expectAccessible(page, { include: '[role="dialog"]' });
  await page.unroute(`**/api/tenants/${tenant!.id}/status`);

  await save.click();
  await expect(modal).toBeHidden();
  await expect(rowOf(page, tenant!).getByTestId('tenant-status')).toHaveText('Opted Out');
  expect((await tenantById(request, facility, tenant!.id)).status).toBe('opt_out');
});

test('bulk edit, bulk confirm payment (refused and accepted), reset and delete the checked tenants', async ({ page, request }) => {
  const { facility, all, picked: [plain, answered, planned] } = await pickTenants(request, ['1019', '1017'], [
    { which: (t) => t.status === null && !t.tagged_for_removal, count: 3 },
    { which: (t) => ['provide_proof', 'opt_out', 'bad_address'].includes(t.status ?? ''), count: 2 },
    { which: (t) => hasPlan(t) && !t.payment_confirmed_date, count: 1 },
  ]);

  await openList(page);
  await filterFacility(page, facility, all.length);
  await expect(page.getByRole('button', { name: 'Actions' })).toBeDisabled();

  // Bulk Edit: the country of two tenants.
  await check(page, plain.slice(0, 2));
  await expect(page.getByText('2 of at most 300 tenants checked.')).toBeVisible();
  await bulkAction(page, 'Bulk Edit');
  const edit = page.getByRole('dialog', { name: 'Bulk Edit' });
  await chooseOption(page, 'Field', 'Country', edit);
  await edit.getByLabel('Value').fill('MX');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, '2 tenants successfully updated!');
  await expect(edit).toBeHidden();
  for (const t of plain.slice(0, 2)) expect((await tenantById(request, facility, t.id)).country).toBe('MX');
  await expect(page.getByText('2 of at most 300 tenants checked.')).toBeHidden();

  // Bulk Confirm Payment Received for tenants without a plan: refused, nothing changed, named in the error card.
  await check(page, plain.slice(0, 2));
  await bulkAction(page, 'Bulk Confirm Payment Received');
  const confirm = page.getByRole('dialog', { name: 'Bulk Confirm Payment Received' });
  await expect(confirm).toContainText('This will confirm the charge has been added for 2 tenants. Continue?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const failure = page.getByTestId('bulk-error');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Nothing was changed.');
  await expect(failure).toContainText(listed(plain[0]!));
  await expect(page.getByText('2 of at most 300 tenants checked.')).toBeVisible();
  await failure.getByRole('button', { name: 'Dismiss error' }).click();

  // ...and for a tenant with a plan it is dated today.
  for (const t of plain.slice(0, 2)) await rowOf(page, t).getByRole('checkbox').uncheck();
  await check(page, planned);
  await bulkAction(page, 'Bulk Confirm Payment Received');
  await expect(confirm).toContainText('This will confirm the charge has been added for 1 tenant. Continue?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, '1 tenant successfully updated!');
  expect((await tenantById(request, facility, planned[0]!.id)).payment_confirmed_date).not.toBeNull();

  // Reset two tenants who answered: back to No response.
  await check(page, answered);
  await bulkAction(page, 'Reset Tenants');
  const reset = page.getByRole('dialog', { name: 'Reset Tenants' });
  await expect(reset).toContainText('Are you sure you want to reset 2 tenants?');
  await reset.getByRole('button', { name: 'Reset' }).click();
  await expectToast(page, '2 tenants successfully updated!');
  for (const t of answered) {
    await expect(rowOf(page, t).getByTestId('tenant-status')).toHaveText('No response');
    expect((await tenantById(request, facility, t.id)).status).toBeNull();
  }

  // Delete one tenant for good.
  const gone = plain[2]!;
  await check(page, [gone]);
  await bulkAction(page, 'Delete');
  const remove = page.getByRole('dialog', { name: 'Delete Tenants' });
  await expect(remove).toContainText('permanently deleted');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, gone)).toHaveCount(0);
  await expect(tenantsHeading(page)).toContainText(`(${all.length - 1})`);
  expect((await allOfFacility(request, facility)).some((t) => t.id === gone.id)).toBe(false);
});

test('more than 300 checked tenants are refused with an alert', async ({ page }) => {
  await openList(page);
  await expect(rows(page)).toHaveCount(100);
  const checkPage = () => checkAllOnPage(page);
  await checkPage();
  await expect(page.getByText('100 of at most 300 tenants checked.')).toBeVisible();
  for (const n of [2, 3]) {
    await goToPage(page, n);
    await checkPage();
  }
  await expect(page.getByText('300 of at most 300 tenants checked.')).toBeVisible();
  await goToPage(page, 4);
  await checkAllOnPage(page);
  const alert = page.getByRole('dialog', { name: 'Selection limit' });
  await expect(alert).toContainText('You can select at most 300 tenants at a time');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('300 of at most 300 tenants checked.')).toBeVisible();

  // A new filter starts again with nothing checked.
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill('1002');
  await expect(page.getByText(/tenants checked/)).toBeHidden();
});

test('export shows the job\'s progress, then opens the workbook link', async ({ page, request }) => {
  const facility = '1005';
  const scoped = await tenantsOf(request, `facility_number=${facility}`);
  await openList(page);
  await filterFacility(page, facility, scoped.pagination.total);

  // Slow the job polls down so the progress bar is seen.
  await page.route('**/api/jobs/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const created = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/exports/monitor-tenants');
  const link = page.context().waitForEvent('request', (r) => r.url().includes('X-Amz-Signature'));
  await page.getByRole('button', { name: 'Export' }).click();
  expect(new URL((await created).url()).searchParams.get('facility_number')).toBe(facility);
  await expect(page.getByTestId('export-progress')).toBeVisible();
  const url = (await link).url();
  await expectToast(page, 'If no download box has appeared, please disable your popup-blocker for this site.');
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
});

test('a failed load toasts the error; a manager cannot open the page', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  const isList = (url: URL) => url.pathname === '/api/tenants';
  await page.route(isList, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Boom.' }) }));
  await page.goto('/tenant-list');
  await expect(toast(page, 'Error loading tenants')).toBeVisible();
  await expect(page.getByTestId('tenants-error')).toContainText('Boom.');
  await page.unroute(isList);

  await openAs(page, DEMO.manager.username, '/tenant-list');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
