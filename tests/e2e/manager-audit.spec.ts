/**
 * Manager audit views (spec tenants-letters-users §2 'Manager audit views'): Master Audit, Cycle Audit
 * with its tag card, the Tag Tenants for Removal modal, the manager Edit Tenant modal, and Confirm
 * Charge Added (one row and checked rows). Each test works in its own demo manager's facility, so the
 * tests do not depend on each other's order; rows are found by the tenant's name, never by position.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CycleView } from '../../shared/contracts/cycles';
import type { ManagerFacility } from '../../shared/contracts/dashboard';
import type { TenantView } from '../../shared/contracts/tenants';
import { apiLogin, DEMO, DEMO_PASSWORD, expect, loginAs, notifications, openAs, pageContent, test } from './fixtures';
import { expectAccessible } from './a11y';
import { adminHeaders, listed, programDay } from './program-data';

// ---------- data through the API ----------

async function managerHeaders(request: APIRequestContext, username: string) {
  return { authorization: `Bearer ${await apiLogin(request, username, DEMO_PASSWORD)}` };
}

async function facilityOf(request: APIRequestContext, username: string): Promise<ManagerFacility> {
  const response = await request.get('/api/managers/facility', { headers: await managerHeaders(request, username) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ManagerFacility;
}

async function cycleOf(request: APIRequestContext, username: string, which: (c: CycleView) => boolean): Promise<{ facility: ManagerFacility; cycle: CycleView }> {
  const facility = await facilityOf(request, username);
  const cycle = facility.cycles.find(which);
  expect(cycle, `${username} has no such cycle`).toBeTruthy();
  return { facility, cycle: cycle! };
}

const openForTagging = (c: CycleView) => c.can_tag_removal && c.ready_to_tag;

async function tenantsOf(request: APIRequestContext, facilityId: string, cycleId: string): Promise<TenantView[]> {
  const response = await request.get(`/api/facilities/${facilityId}/tenants?cycle_id=${cycleId}&per_page=100`, { headers: await adminHeaders(request) });
  expect(response.status(), await response.text()).toBe(200);
  const page = (await response.json()) as { data: TenantView[]; pagination: { total: number } };
  expect(page.pagination.total, 'the cycle fits on one page').toBeLessThanOrEqual(100);
  return page.data;
}

async function tenantById(request: APIRequestContext, facilityId: string, cycleId: string, id: string): Promise<TenantView> {
  const tenant = (await tenantsOf(request, facilityId, cycleId)).find((t) => t.id === id);
  expect(tenant).toBeTruthy();
  return tenant!;
}

const full = (t: Pick<TenantView, 'first_name' | 'last_name'>) => [t.first_name, t.last_name].filter(Boolean).join(' ');

/** Tenants matching `which` whose listed name no other tenant of the cycle shares, so a row is found by name alone. */
function uniquelyNamed(all: readonly TenantView[], which: (t: TenantView) => boolean, count: number): TenantView[] {
  const uses = new Map<string, number>();
  for (const t of all) uses.set(listed(t), (uses.get(listed(t)) ?? 0) + 1);
  const found = all.filter((t) => which(t) && uses.get(listed(t)) === 1).slice(0, count);
  expect(found.length, 'enough uniquely named tenants in the demo cycle').toBe(count);
  return found;
}

/** Staff edit (admin), for the few fields a test needs a tenant to have. */
async function staffEdit(request: APIRequestContext, tenant: TenantView, form: Record<string, string>): Promise<void> {
  const response = await request.post(`/api/tenants/${tenant.id}`, { headers: await adminHeaders(request), form: { updated_at: tenant.updated_at, ...form } });
  expect(response.status(), await response.text()).toBe(200);
}

// ---------- the page ----------

const COVERAGE_START_HINT = 'Leave empty and coverage starts on the Letter Effective Date, or on the day you save once that date has passed.';
const tenantsTable = (page: Page) => page.getByTestId('cycle-tenants-table');
const rowOf = (table: Locator, t: TenantView) => table.locator('tbody tr').filter({ has: table.page().getByText(listed(t), { exact: true }) });
const tagCard = (page: Page) => page.getByTestId('tag-card');

async function enterAudit(page: Page, cycle: CycleView): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Your facility' })).toBeVisible();
  await page.getByRole('link', { name: `Enter Audit for ${cycle.label}` }).or(page.getByRole('button', { name: `Enter Audit for ${cycle.label}` })).click();
  await expect(page).toHaveURL(new RegExp(`/cycle-audit/${cycle.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: cycle.label })).toBeVisible();
}

async function answerYes(page: Page, question: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
}

// ---------- tests ----------

// The manager home's once-per-session notices (setup due, a cycle just took effect) cover the page until closed.
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Tenants Require Setup' }), async (notice) => {
    await notice.getByRole('button', { name: 'Acknowledge' }).click();
  });
  await page.addLocatorHandler(page.getByRole('dialog', { name: /^(A new cycle has|New cycles have) started$/ }), async (notice) => {
    await notice.getByRole('button', { name: 'Close', exact: true }).click();
  });
});

test('Master Audit lists every cycle\'s tenants and links an active cycle to its audit', async ({ page, request }) => {
  const facility = await facilityOf(request, DEMO.manager.username);
  expect(facility.cycles.length).toBeGreaterThan(1);
  const tagging = facility.cycles.find(openForTagging)!;

  await loginAs(page, DEMO.manager.username);
  const home = pageContent(page);
  await home.getByRole('link', { name: 'Master Audit' }).or(home.getByRole('button', { name: 'Master Audit' })).click();
  await expect(page).toHaveURL(/\/master-audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Master Audit' })).toBeVisible();
  const table = page.getByTestId('master-audit-table');
  for (const header of ['Name', 'Cycle', 'Billing Date', 'Charge Apply Date', 'Charge Added', 'Has Insurance', 'Status']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const listedTotal = await request.get(`/api/facilities/${facility.id}/tenants`, { headers: await adminHeaders(request) });
  const total = ((await listedTotal.json()) as { pagination: { total: number } }).pagination.total;
  // Every tenant of every cycle, moved-out and bad-address ones too (a card's tenant_count counts the active ones).
  expect(total).toBeGreaterThanOrEqual(facility.cycles.reduce((sum, c) => sum + c.tenant_count, 0));
  await expect(page.getByRole('heading', { name: /^Tenants/ })).toContainText(`(${total})`);
  // Both cycles' tenants are listed (100 to a page, sorted by name): each cycle shows as a badge.
  for (const c of facility.cycles) await expect(table.getByText(c.label, { exact: true }).first()).toBeVisible();

  await table.getByRole('link', { name: `Cycle Audit of ${tagging.label}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/cycle-audit/${tagging.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: tagging.label })).toBeVisible();
  const [y, m, d] = tagging.initial_letter_send_date!.split('-').map(Number) as [number, number, number];
  const twoDaysBefore = new Date(y, m - 1, d - 2);
  await expect(tagCard(page)).toContainText(
    `You have until ${twoDaysBefore.getMonth() + 1}/${twoDaysBefore.getDate()}/${twoDaysBefore.getFullYear()} to select any tenants who have moved out.`,
  );
  await expect(page.getByRole('heading', { name: 'Planned Audit Letter Date' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Planned Reminder Letter Date' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Letter Effective Date' })).toBeVisible();
});

test('a facility with one cycle has no Master Audit button', async ({ page, request }) => {
  const facility = await facilityOf(request, 'manager1006');
  expect(facility.cycles).toHaveLength(1);
  await loginAs(page, 'manager1006');
  await expect(page.getByRole('heading', { name: 'Your facility' })).toBeVisible();
  await expect(page.getByText('Enter Audit', { exact: true })).toBeVisible();
  await expect(pageContent(page).getByText('Master Audit', { exact: true })).toHaveCount(0);
});

test('manager tags a move-out through the Tag Tenants for Removal modal', async ({ page, request }) => {
  const username = 'manager1010';
  const { facility, cycle } = await cycleOf(request, username, openForTagging);
  const tenants = await tenantsOf(request, facility.id, cycle.id);
  const before = tenants.filter((t) => t.tagged_for_removal).length;
  expect(before).toBeGreaterThan(0);
  const [mover] = uniquelyNamed(tenants, (t) => !t.tagged_for_removal && !t.welcome_letter_sent_date && !!t.last_name, 1);

  await loginAs(page, username);
  await enterAudit(page, cycle);
  await expect(tagCard(page)).toContainText(`You have tagged ${before} tenants as moved out.`);
  await expect(tagCard(page).getByRole('button', { name: 'Complete' })).toBeVisible();
  await tagCard(page).getByRole('button', { name: 'Click to Proceed' }).click();

  const modal = page.getByRole('dialog', { name: 'Tag Tenants for Removal' });
  await expect(modal.getByText('Please select any tenants who have moved out.')).toBeVisible();
  const save = modal.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await modal.getByPlaceholder('Filter by First, Last, or Full Name').fill(full(mover!));
  await modal.getByRole('button', { name: 'Search' }).click();
  const table = modal.getByTestId('tag-table');
  await expect(rowOf(table, mover!)).toHaveCount(1);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await modal.getByRole('checkbox', { name: `Select ${listed(mover!)}` }).check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(modal).toBeHidden();

  await expect(tagCard(page)).toContainText(`You have tagged ${before + 1} tenants as moved out.`);
  expect((await tenantById(request, facility.id, cycle.id, mover!.id)).tagged_for_removal).toBe(true);

  // Already tagged tenants show as such and cannot be checked again.
  await tagCard(page).getByRole('button', { name: 'Click to Proceed' }).click();
  await modal.getByPlaceholder('Filter by First, Last, or Full Name').fill(full(mover!));
  await modal.getByRole('button', { name: 'Search' }).click();
  await expect(rowOf(table, mover!).getByText('Tagged', { exact: true })).toBeVisible();
  await expect(modal.getByRole('checkbox', { name: `Select ${listed(mover!)}` })).toBeDisabled();
  // Reset brings every tenant back.
  await modal.getByRole('button', { name: 'Reset' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(50, tenants.length));
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
});

test('manager completes tagging once tenants are tagged', async ({ page, request }) => {
  const username = 'manager1020';
  const { cycle } = await cycleOf(request, username, openForTagging);
  expect(cycle.stats.tagged_for_removal).toBeGreaterThan(0);

  await loginAs(page, username);
  await enterAudit(page, cycle);
  const n = cycle.stats.tagged_for_removal;
  await expect(tagCard(page)).toContainText(n === 1 ? 'You have tagged 1 tenant as moved out.' : `You have tagged ${n} tenants as moved out.`);
  await expect(tagCard(page).getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await tagCard(page).getByRole('button', { name: 'Complete' }).click();
  await answerYes(page, 'This cannot be undone. Are you sure?');
  await expect(notifications(page).getByText('Thank you for completing this phase!')).toBeVisible();
  await expect(tagCard(page)).toHaveCount(0);

  const after = (await facilityOf(request, username)).cycles.find((c) => c.id === cycle.id)!;
  expect(after.can_tag_removal).toBe(false);
  expect(after.confirmed_move_outs_date).not.toBeNull();
  // The manager home's card no longer asks for move-outs.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your facility' })).toBeVisible();
  await expect(page.getByText('to select any tenants who have moved out.')).toHaveCount(0);
});

test('manager confirms that nobody moved out', async ({ page, request }) => {
  const username = 'manager1015';
  const { cycle } = await cycleOf(request, username, (c) => openForTagging(c) && c.stats.tagged_for_removal === 0);

  await loginAs(page, username);
  await enterAudit(page, cycle);
  await expect(tagCard(page)).toContainText('to select any tenants who have moved out.');
  await expect(tagCard(page)).not.toContainText('You have tagged');
  await expect(tagCard(page).getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await tagCard(page).getByRole('button', { name: 'Confirm' }).click();
  await answerYes(page, 'Are you sure?');
  await expect(notifications(page).getByText('Move-outs confirmed!')).toBeVisible();
  await expect(tagCard(page)).toHaveCount(0);

  const after = (await facilityOf(request, username)).cycles.find((c) => c.id === cycle.id)!;
  expect(after.can_tag_removal).toBe(false);
  expect(after.confirmed_no_move_outs_date).not.toBeNull();
});

test('manager edits a tenant: incomplete address, coverage choice, note, and its history', async ({ page, request }) => {
  const username = 'manager1013';
  const { facility, cycle } = await cycleOf(request, username, (c) => c.tenant_count > 0 && !c.welcome_letter_sent_date);
  const tenants = await tenantsOf(request, facility.id, cycle.id);
  const [tenant] = uniquelyNamed(tenants, (t) => !t.welcome_letter_sent_date && !t.coverage_id && !t.incomplete_address && !!t.last_name, 1);
  // Staff leave the city out, so the modal asks for the address.
  await staffEdit(request, tenant!, { city: '' });

  await loginAs(page, username);
  await enterAudit(page, cycle);
  const table = tenantsTable(page);
  await rowOf(table, tenant!).getByText(listed(tenant!), { exact: true }).click();
  const modal = page.getByRole('dialog', { name: full(tenant!) });
  await expect(modal).toContainText(`Unit ${tenant!.unit}`);
  await expect(modal.getByText('Address is incomplete. Please fix any empty fields below.')).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'City' })).toHaveValue('');
  await modal.getByRole('textbox', { name: 'City' }).fill('Oakland');
  // The server's ZIP rule is the form's: a 4-digit ZIP is marked on its field, which gets the focus, and nothing is sent (issue 24).
  const zip = modal.getByRole('textbox', { name: 'Zip Code' });
  const zipBefore = await zip.inputValue();
  let updates = 0;
  const countUpdates = (r: { url(): string }) => { if (r.url().endsWith('/api/managers/update-tenant')) updates++; };
  page.on('request', countUpdates);
  await zip.fill('6270');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(zip).toBeFocused();
  await expect(modal.getByText('Zip code must be 5 digits (or ZIP+4).')).toBeVisible();
  expect(updates).toBe(0);
  page.off('request', countUpdates);
  await zip.fill(zipBefore);

  // A real plan shows the effective date, empty when the tenant has none (the server's rule fills it); a response hides it.
  const plans = modal.getByRole('radio', { name: /per month for/ });
  await expect(plans.first()).toBeVisible();
  await plans.first().check();
  await expect(modal.getByRole('textbox', { name: 'Insurance Effective Date' })).toHaveValue('');
  await expect(modal.getByText(COVERAGE_START_HINT)).toBeVisible();
  await modal.getByRole('radio', { name: 'Opted Out' }).check();
  await expect(modal.getByRole('textbox', { name: 'Insurance Effective Date' })).toHaveCount(0);
  for (const label of ['Provided Proof', 'Moved Out', 'Bad Address']) await expect(modal.getByRole('radio', { name: label })).toBeVisible();
  await expect(modal.getByRole('checkbox', { name: 'Confirm that insurance charge has been applied' })).not.toBeChecked();
  await modal.getByRole('textbox', { name: 'Note' }).fill('Called the tenant; opted out by phone.');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(notifications(page).getByText(`Tenant record was successfully updated for ${tenant!.first_name} ${tenant!.last_name}`)).toBeVisible();
  await expect(rowOf(table, tenant!)).toContainText('Opted Out');

  const saved = await tenantById(request, facility.id, cycle.id, tenant!.id);
  expect(saved.status).toBe('opt_out');
  expect(saved.city).toBe('Oakland');
  expect(saved.note).toBe('Called the tenant; opted out by phone.');

  // The History tab lists the change, newest first.
  await rowOf(table, tenant!).getByText(listed(tenant!), { exact: true }).click();
  await expect(modal.getByRole('radio', { name: 'Opted Out' })).toBeChecked();
  await modal.getByRole('tab', { name: 'History' }).click();
  const history = modal.getByRole('table', { name: 'Tenant history' });
  await expect(history.locator('tbody tr').first()).toContainText('Manager edit');
  await expect(history.locator('tbody tr').first()).toContainText(username);
  await expect(history.locator('tbody tr').first()).toContainText('Oakland');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
});

test('a plan the manager chooses starts on the date the letter promised, not on the day it is recorded (issue 24)', async ({ page, request }) => {
  const username = 'manager1004';
  const { facility, cycle } = await cycleOf(request, username, (c) => c.tenant_count > 0 && !c.welcome_letter_sent_date);
  const [tenant] = uniquelyNamed(await tenantsOf(request, facility.id, cycle.id), (t) => !t.welcome_letter_sent_date && !t.coverage_id && !t.incomplete_address && !!t.last_name, 1);
  const today = programDay(0);
  const promised = cycle.letter_effective_date && cycle.letter_effective_date.slice(0, 10) > today ? cycle.letter_effective_date.slice(0, 10) : today;

  await loginAs(page, username);
  await enterAudit(page, cycle);
  const table = tenantsTable(page);
  await rowOf(table, tenant!).getByText(listed(tenant!), { exact: true }).click();
  const modal = page.getByRole('dialog', { name: full(tenant!) });
  await modal.getByRole('radio', { name: /per month for/ }).first().check();
  await expect(modal.getByText(COVERAGE_START_HINT)).toBeVisible();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  expect((await tenantById(request, facility.id, cycle.id, tenant!.id)).insurance_effective_date).toBe(promised);
});

test('a tenant whose welcome letter was sent is locked', async ({ page, request }) => {
  const username = 'manager1013';
  const { facility, cycle } = await cycleOf(request, username, (c) => !!c.welcome_letter_sent_date);
  const [locked] = uniquelyNamed(await tenantsOf(request, facility.id, cycle.id), (t) => !!t.welcome_letter_sent_date, 1);

  await openAs(page, username, `/cycle-audit/${cycle.id}`);
  const row = rowOf(tenantsTable(page), locked!);
  await expect(row.getByRole('img', { name: 'Welcome letter sent (locked)' })).toBeVisible();
  await row.getByText(listed(locked!), { exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('manager confirms charges added, for one row and for checked rows', async ({ page, request }) => {
  const username = 'manager1006';
  const { facility, cycle } = await cycleOf(request, username, (c) => c.tenant_count > 0);
  const tenants = await tenantsOf(request, facility.id, cycle.id);
  const chosen = uniquelyNamed(tenants, (t) => !!t.coverage_id && !t.charge_applied_date && !t.welcome_letter_sent_date, 3);
  // Their charge apply date has passed (yesterday), so the charge can be confirmed.
  for (const t of chosen) await staffEdit(request, t, { charge_apply_date: programDay(-1) });
  const [one, ...checked] = chosen as [TenantView, TenantView, TenantView];

  await loginAs(page, username);
  await enterAudit(page, cycle);
  const table = tenantsTable(page);
  await rowOf(table, one).getByRole('button', { name: `Confirm Charge Added for ${listed(one)}` }).click();
  await answerYes(page, `Are you sure you want to mark ${full(one)} as setup?`);
  await expect(rowOf(table, one).getByRole('button', { name: /Confirm Charge Added/ })).toHaveCount(0);
  await expect(rowOf(table, one).getByRole('img', { name: 'Charge added' })).toBeVisible();
  // The button's click does not open the tenant.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  for (const t of checked) await table.getByRole('checkbox', { name: `Select ${listed(t)}` }).check();
  await page.getByRole('button', { name: 'Confirm Charge Added for Checked (2)' }).click();
  await answerYes(page, 'This will confirm the charge has been added for 2 tenants. Continue?');
  for (const t of checked) await expect(rowOf(table, t).getByRole('img', { name: 'Charge added' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm Charge Added for Checked (0)' })).toBeDisabled();

  for (const t of chosen) expect((await tenantById(request, facility.id, cycle.id, t.id)).charge_applied_date).toBe(programDay(0));
});

test('Cycle Audit filters its tenants with the counts of the filter select', async ({ page, request }) => {
  const username = 'manager1013';
  const { cycle } = await cycleOf(request, username, (c) => c.tenant_count > 0 && !c.welcome_letter_sent_date);
  await openAs(page, username, `/cycle-audit/${cycle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: cycle.label })).toBeVisible();
  await page.getByRole('button', { name: /^Filter/ }).click();
  const option = page.getByRole('option', { name: /Opted Out/ });
  const count = Number((await option.textContent())?.match(/(\d+)\s*$/)?.[1] ?? NaN);
  expect(Number.isNaN(count)).toBe(false);
  await option.click();
  await expect(page.getByRole('heading', { name: /^Tenants/ })).toContainText(`(${count})`);
  const rows = tenantsTable(page).locator('tbody tr');
  if (count === 0) await expect(tenantsTable(page)).toContainText('No tenants to show.');
  else await expect(rows).toHaveCount(count);
});

test('an edit that lost a race says so and reloads the tenant', async ({ page, request }) => {
  const username = 'manager1008';
  const { facility, cycle } = await cycleOf(request, username, (c) => c.tenant_count > 0);
  const [tenant] = uniquelyNamed(await tenantsOf(request, facility.id, cycle.id), (t) => !t.welcome_letter_sent_date && !t.incomplete_address, 1);

  await openAs(page, username, `/cycle-audit/${cycle.id}`);
  const table = tenantsTable(page);
  await rowOf(table, tenant!).getByText(listed(tenant!), { exact: true }).click();
  const modal = page.getByRole('dialog', { name: full(tenant!) });
  await modal.getByRole('textbox', { name: 'Note' }).fill('Manager note');
  // Staff change the tenant while the manager's modal is open.
  await staffEdit(request, tenant!, { note: 'Staff note' });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByTestId('edit-tenant-error')).toContainText('changed by someone else');
  await modal.getByRole('button', { name: 'Reload' }).click();
  await expect(modal.getByRole('textbox', { name: 'Note' })).toHaveValue('Staff note');
  await modal.getByRole('textbox', { name: 'Note' }).fill('Manager note');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  expect((await tenantById(request, facility.id, cycle.id, tenant!.id)).note).toBe('Manager note');
});

test('Cycle Audit warns of incomplete addresses and offers Retry? when its tenants fail to load', async ({ page, request }) => {
  const username = 'manager1012';
  const { facility, cycle } = await cycleOf(request, username, (c) => c.tenant_count > 0);
  const [tenant] = uniquelyNamed(await tenantsOf(request, facility.id, cycle.id), (t) => !t.incomplete_address, 1);
  await staffEdit(request, tenant!, { zip_code: '' });
  const response = await request.get(`/api/facilities/${facility.id}/tenants?cycle_id=${cycle.id}`, { headers: await adminHeaders(request) });
  const incomplete = ((await response.json()) as { info: { incomplete_address: number } }).info.incomplete_address;
  expect(incomplete).toBeGreaterThan(0);

  await loginAs(page, username);
  // The loads fail with the server's message (a 500 is retried, then shown); Retry? asks again.
  let failing = true;
  await page.route(/\/api\/facilities\/[^/]+\/tenants\?/, async (route) => {
    if (!failing) return route.fallback();
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'The tenants are resting.' }) });
  });
  await page.goto(`/cycle-audit/${cycle.id}`);
  const table = tenantsTable(page);
  await expect(table.getByTestId('tenants-error')).toHaveText('Error! The tenants are resting.', { timeout: 20_000 });
  failing = false;
  await table.getByRole('button', { name: 'Retry?' }).click();
  await expect(rowOf(table, tenant!)).toHaveCount(1);
  await expect(page.getByText(incomplete === 1 ? 'There is 1 tenant with an incomplete address!' : `There are ${incomplete} tenants with an incomplete address!`)).toBeVisible();
});

test('Confirm Charge Added is offered only where it can be done, and a refusal says why (issue 24)', async ({ page, request }) => {
  const username = 'manager1018';
  const { facility, cycle } = await cycleOf(request, username, (c) => c.tenant_count > 0);
  const tenants = await tenantsOf(request, facility.id, cycle.id);
  const [waiting, changing] = uniquelyNamed(tenants, (t) => !!t.coverage_id && !t.charge_applied_date && !t.welcome_letter_sent_date, 2) as [TenantView, TenantView];
  // One charge applies in three days: it cannot be confirmed yet. The other applied yesterday, until staff move it below.
  await staffEdit(request, waiting, { charge_apply_date: programDay(3) });
  await staffEdit(request, changing, { charge_apply_date: programDay(-1) });

  await loginAs(page, username);
  await enterAudit(page, cycle);
  const table = tenantsTable(page);
  await expect(table.getByRole('checkbox', { name: `Select ${listed(waiting)}` })).toBeDisabled();
  await table.getByRole('checkbox', { name: `Select ${listed(changing)}` }).check();

  // Meanwhile staff move its charge apply date to tomorrow: the server refuses, and the manager is told why.
  await staffEdit(request, await tenantById(request, facility.id, cycle.id, changing.id), { charge_apply_date: programDay(1) });
  await page.getByRole('button', { name: 'Confirm Charge Added for Checked (1)' }).click();
  await answerYes(page, 'This will confirm the charge has been added for 1 tenant. Continue?');
  await expect(notifications(page).getByText('The charge can be confirmed once its charge apply date has passed. Nothing was changed.')).toBeVisible();
  // The rows show what is true now: the refused tenant is unchecked and can no longer be checked.
  await expect(table.getByRole('checkbox', { name: `Select ${listed(changing)}` })).toBeDisabled();
  await expect(table.getByRole('checkbox', { name: `Select ${listed(changing)}` })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Confirm Charge Added for Checked (0)' })).toBeDisabled();
  await expectAccessible(page);
  expect((await tenantById(request, facility.id, cycle.id, changing.id)).charge_applied_date).toBeNull();
});

test('a 90-character name is cut with its whole text in a tooltip, and Status stays on screen at 1920 px (issue 24)', async ({ page, request }) => {
  const username = 'manager1016';
  const { facility, cycle } = await cycleOf(request, username, (c) => c.tenant_count > 0);
  const [tenant] = uniquelyNamed(await tenantsOf(request, facility.id, cycle.id), () => true, 1);
  const longName = `Maximilian-Alexander ${'Bartholomew-Featherstonehaugh '.repeat(2)}${tenant!.id.slice(-6)}`.padEnd(90, 'x');
  await staffEdit(request, tenant!, { first_name: longName });
  const renamed = { ...tenant!, first_name: longName };

  await page.setViewportSize({ width: 1920, height: 1080 });
  await openAs(page, username, `/cycle-audit/${cycle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: cycle.label })).toBeVisible();
  const table = tenantsTable(page);
  const nameCell = table.locator(`[data-tooltip="${listed(renamed)}"]`);
  await expect(nameCell).toBeVisible();
  expect((await nameCell.boundingBox())!.width).toBeLessThanOrEqual(250);
  const statusHeader = table.getByRole('columnheader', { name: /Status/ }).first();
  const box = (await statusHeader.boundingBox())!;
  expect(box.x + box.width, 'Status fits in the 1920 px window').toBeLessThanOrEqual(1920);
  await nameCell.hover();
  await expect(page.getByRole('tooltip')).toContainText(listed(renamed));
});
