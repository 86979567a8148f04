import type { Page, Route } from '@playwright/test';
import { DEMO, expect, loginAs, notifications, pageContent, test } from './fixtures';
import { confirmMoveOuts, confirmedKeyOf, getJson, makeCycle, makeFacility, shownDay, wireDay } from './program-data';

interface FilterStats {
  move_outs: Record<string, number>;
  tenant_thresholds: Record<string, number>;
  letters: Record<string, number>;
}

const STAT_LABELS: Record<string, string> = {
  doing_move_outs: 'Move-Outs In Progress',
  confirmed_move_outs: 'Confirmed Move-Outs',
  confirmed_no_move_outs: 'Confirmed No Move-Outs',
  total: 'Total Cycles',
  opt_outs_threshold: 'Opt-Outs > 5%',
  provided_proof_threshold: 'Provided Proof > 20%',
  bad_address_threshold: 'Bad Address > 5%',
  moved_out_threshold: 'Moved Outs > 5%',
};

const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`);

test('the dashboard counts match the server and lead to the filtered cycle list', async ({ page, request }) => {
  const facility = await makeFacility(request);
  const cycle = await makeCycle(request, facility.facility_number, { label: 'Dashboard cycle' });
  const key = confirmedKeyOf(await confirmMoveOuts(request, cycle.id));

  await loginAs(page, DEMO.monitor.username);
  await expect(page.getByRole('heading', { name: 'Move-Out Stats' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tenant Threshold Stats' })).toBeVisible();
  const counts = await getJson<FilterStats>(request, '/api/monitors/cycle-stats');
  for (const [k, n] of Object.entries({ ...counts.move_outs, ...counts.tenant_thresholds })) {
    await expect(stat(page, k)).toHaveText(String(n));
    await expect(page.getByRole('link', { name: `${STAT_LABELS[k]}: ${n}` })).toHaveAttribute('href', `/manage-cycles?filter=${k}`);
  }
  expect(counts.move_outs[key]).toBeGreaterThan(0);

  await stat(page, key).click();
  await expect(page).toHaveURL(new RegExp(`/manage-cycles\\?filter=${key}$`));
  const moreFilters = page.getByRole('button', { name: /More Filters/ });
  await expect(moreFilters).toContainText(key === 'confirmed_move_outs' ? 'Confirmed Move-Outs' : 'Confirmed No Move-Outs');
  // With no other filter, the list's badge is the dashboard's number and the table holds that many rows (up to a page).
  await expect(moreFilters).toContainText(String(counts.move_outs[key]));
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill(facility.facility_number);
  await expect(page.getByTestId('cycles-table').locator('tbody tr').filter({ has: page.getByRole('rowheader') })).toHaveCount(1);
  await expect(page.getByTestId('cycles-table')).toContainText('Dashboard cycle');
});

test('stats show placeholders while loading and an error toast when they fail', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/monitors/cycle-stats', async (route: Route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: 'Stats are resting.' } });
  });
  await page.goto('/');
  await expect(stat(page, 'total')).toHaveText('--');
  await expect(stat(page, 'opt_outs_threshold')).toHaveText('--');
  release();
  await expect(notifications(page).getByText('Cycle stats could not be loaded: Stats are resting.')).toBeVisible();
  await expect(stat(page, 'total')).toHaveText('--');
});

test('the manager home shows the facility, one card per cycle, and the recent-cycle notice once', async ({ page, request }) => {
  const facility = await makeFacility(request, { phone: '2175550142' });
  const recent = await makeCycle(request, facility.facility_number, {
    label: 'Recent cycle',
    letter_effective_date: wireDay(-2),
    initial_letter_send_date: wireDay(20),
    setup_coverage_start_date: wireDay(30),
  });
  await makeCycle(request, facility.facility_number, { label: 'Older cycle', letter_effective_date: wireDay(-60) });

  await loginAs(page, facility.username, facility.password);
  const notice = page.getByRole('dialog', { name: 'A new cycle has started' });
  await expect(notice).toContainText(`The letters of cycle Recent cycle took effect on ${shownDay(wireDay(-2))}.`);
  await notice.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(notice).toBeHidden();

  await expect(page.getByRole('heading', { name: 'Your facility' })).toBeVisible();
  for (const text of [facility.account_name, '12 Test Lane', 'Springfield', 'IL', '62701', '(217) 555-0142', `site-${facility.facility_number.toLowerCase()}@test.example`]) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(/please report it to Demo Tenant Protection Program/)).toBeVisible();
  await expect(page.getByText('Tenants who have moved out can be selected until 2 days before the Audit Letter date.')).toBeVisible();
  await expect(pageContent(page).getByRole('link', { name: 'Master Audit' })).toHaveAttribute('href', '/master-audit');

  const cards = page.getByTestId('cycle-card');
  await expect(cards).toHaveCount(2);
  const card = cards.filter({ hasText: 'Recent cycle' });
  await expect(card.getByRole('link', { name: 'Enter Audit for Recent cycle' })).toHaveAttribute('href', `/cycle-audit/${recent.id}`);
  await expect(card).toContainText(shownDay(wireDay(20)));
  await expect(card.getByText(shownDay(wireDay(30)), { exact: true })).toBeVisible();
  await expect(card.getByText('--', { exact: true })).not.toHaveCount(0);
  await expect(card).toContainText('Potential for Coverage');
  await expect(card).toContainText('ignored in these statistics');

  // Coming back home in the same session does not show the notice again.
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(notice).toHaveCount(0);
});

test('a single cycle has no Master Audit; the setup notice closes only through Acknowledge', async ({ page, request }) => {
  const facility = await makeFacility(request);
  const cycle = await makeCycle(request, facility.facility_number, { label: 'Only cycle', initial_letter_send_date: wireDay(10), setup_coverage_end_date: wireDay(7) });
  // No tenants can be imported yet, so the manager's own answer is given tenants needing setup and a
  // cycle ready for tagging; everything else is the server's.
  await page.route('**/api/managers/facility', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { cycles: { id: string; can_tag_removal: boolean; ready_to_tag: boolean; stats: { requires_setup: number } }[] };
    for (const c of body.cycles) if (c.id === cycle.id) Object.assign(c, { ready_to_tag: true, stats: { ...c.stats, requires_setup: 1 } });
    await route.fulfill({ response, json: body });
  });
  await loginAs(page, facility.username, facility.password);
  const notice = page.getByRole('dialog', { name: 'Tenants Require Setup' });
  await expect(notice).toContainText(`1 tenant still requires setup for coverage before ${shownDay(wireDay(7))}.`);
  await page.keyboard.press('Escape');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Acknowledge to close' })).toBeHidden();
  await notice.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(notice).toBeHidden();

  await expect(page.getByTestId('cycle-card')).toHaveCount(1);
  await expect(pageContent(page).getByRole('link', { name: 'Master Audit' })).toHaveCount(0);
  await expect(page.getByText(`You have until ${shownDay(wireDay(8))} to select any tenants who have moved out.`)).toBeVisible();
});
