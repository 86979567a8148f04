/**
 * Every page of the web route table, with its main modals and panels, passes axe-core's WCAG 2 A/AA
 * rules. The table is iterated itself, so a page added to it is checked without touching this file; each
 * page is opened with the login that reaches it (admin for staff pages, the demo manager for manager
 * pages, no login for public ones) once its data has loaded, and checked again with its search fields
 * filled (the fields, its tables having been checked) and with its main modals and detail panels open (each
 * alone). One browser context per login keeps it quick.
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { SpinnerWrapper, SplitPanelWrapper } from '@cloudscape-design/components/test-utils/selectors';
import type { ManagerFacility } from '../../shared/contracts/dashboard';
import { WEB_ROUTES } from '../../web/src/routes/route-table';
import { expectAccessible } from './a11y';
import { DEMO, DEMO_PASSWORD, apiLogin, expect, keepOffInternet, loginAs, test } from './fixtures';

type Login = 'guest' | 'admin' | 'manager';
type RouteAccess = (typeof WEB_ROUTES)[number]['access'];

/** Who opens a route: staff pages as admin (who sees every staff control), manager pages as the demo manager. */
function loginsFor(access: RouteAccess): Login[] {
  if (access === 'public' || access === 'guest') return ['guest'];
  if (access === 'session') return ['admin', 'manager'];
  const logins: Login[] = [];
  if (access.some((permission) => permission !== 'manager')) logins.push('admin');
  if (access.includes('manager')) logins.push('manager');
  return logins;
}

/** Not a page but a sequence: it logs out and ends on /login, which is checked as a page. */
const SEQUENCES = new Set(['/logout']);

/** A real value from the demo data for each path parameter of the route table. */
const PATH_PARAMETERS: Record<string, (request: APIRequestContext) => Promise<string>> = {
  // A cycle of the demo manager's own facility that has tenants.
  cycle_id: async (request) => {
    const token = await apiLogin(request, DEMO.manager.username, DEMO_PASSWORD);
    const response = await request.get('/api/managers/facility', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status(), await response.text()).toBe(200);
    const cycle = ((await response.json()) as ManagerFacility).cycles.find((c) => c.tenant_count > 0);
    expect(cycle, 'a demo manager cycle with tenants').toBeTruthy();
    return cycle!.id;
  },
  // A demo tenant of facility 1001, whose page has letters, answers and history.
  tenant_id: async (request) => {
    const token = await apiLogin(request, DEMO.admin.username, DEMO_PASSWORD);
    const response = await request.get('/api/tenants?facility_number=1001', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status(), await response.text()).toBe(200);
    const tenant = ((await response.json()) as { data: { id: string }[] }).data[0];
    expect(tenant, 'a demo tenant of facility 1001').toBeTruthy();
    return tenant!.id;
  },
};

async function concretePath(path: string, request: APIRequestContext): Promise<string> {
  const parts = await Promise.all(path.split('/').map(async (part) => {
    if (!part.startsWith(':')) return part;
    const fill = PATH_PARAMETERS[part.slice(1)];
    if (!fill) throw new Error(`${path}: add a demo value for ${part} to PATH_PARAMETERS`);
    return encodeURIComponent(await fill(request));
  }));
  return parts.join('/');
}

/** Cloudscape's own selector for its Spinner (a named import: the package's default export is CommonJS). */
const spinners = `.${SpinnerWrapper.rootSelector}`;

/** Opens `path` and waits until it is there (not redirected) with its data loaded: no request running, no spinner. */
async function openLoaded(page: Page, path: string, title: string | null): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  if (title) await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await settle(page);
}

/** Waits until no request is running and no spinner shows. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator(spinners).filter({ visible: true })).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Where an opened part is scanned: a modal or a detail panel alone (the page around it was scanned just
 * before, and a big table is most of axe's time: the Master Tenants List's 50 rows took ~8 s a scan), or
 * the whole page for a part that changes the page itself (a tab, a choice that fills the filters).
 */
const SCOPES = { modal: '[role="dialog"]', panel: `.${SplitPanelWrapper.rootSelector}`, page: undefined } as const;

/** The main modals and detail panels of a page, each opened on the loaded page; `open` answers what must then show. */
const OPENED_PARTS: Record<string, { name: string; scope: keyof typeof SCOPES; open: (page: Page) => Promise<Locator> }[]> = {
  '/tenant-list': [
    {
      name: 'Edit Tenant modal',
      scope: 'modal',
      open: async (page) => {
        await page.getByTestId('tenants-table').getByRole('rowheader').first().click();
        return page.getByRole('dialog', { name: /^Edit Tenant/ });
      },
    },
    {
      name: 'Edit Tenant Status modal',
      scope: 'modal',
      open: async (page) => {
        await page.getByRole('button', { name: /^Edit status of / }).first().click();
        // Named after the tenant; the only dialog open.
        return page.getByRole('dialog');
      },
    },
  ],
  '/list-facilities': [
    {
      name: 'facility detail panel',
      scope: 'panel',
      open: async (page) => {
        await page.getByTestId('facilities-table').locator('tbody tr').first().getByRole('cell').nth(2).click();
        return page.getByTestId('facility-detail');
      },
    },
    {
      name: 'ledger report modal',
      scope: 'modal',
      open: async (page) => {
        // A facility on a software with a ledger report (only its own is offered): the demo's SiteLink facility 1001, Maple Street Self Storage.
        await page.getByRole('searchbox', { name: 'Facility Name' }).fill('1001');
        await page.getByTestId('facilities-table').locator('tbody tr').filter({ hasText: 'Maple Street Self Storage' }).getByRole('cell').nth(2).click();
        await page.getByTestId('facility-detail').getByRole('button', { name: 'Download SiteLink Rent Roll' }).click();
        // Its last state: the report ready to download, or why there is none.
        return page.getByRole('dialog', { name: /^SiteLink Rent Roll for / }).getByText(/^(The report is ready: |Error!)/);
      },
    },
  ],
  '/manage-cycles': [
    {
      name: 'Create a new cycle modal',
      scope: 'modal',
      open: async (page) => {
        await page.getByRole('button', { name: 'New Cycle' }).click();
        return page.getByRole('dialog', { name: 'Create a new cycle' });
      },
    },
    {
      name: 'cycle detail panel',
      scope: 'panel',
      open: async (page) => {
        await page.getByTestId('cycles-table').locator('tbody tr').filter({ has: page.getByRole('rowheader') }).first().getByRole('cell').nth(2).click();
        return page.getByRole('heading', { name: /^Cycle / });
      },
    },
  ],
  '/insurance-policy-management': [
    {
      name: 'List Setup Tenants tab',
      scope: 'page',
      open: async (page) => {
        await page.getByRole('tab', { name: 'List Setup Tenants' }).click();
        return page.getByTestId('set-up-tenants-table');
      },
    },
    {
      name: 'facility choice of SiteLink',
      scope: 'page',
      open: async (page) => {
        await page.getByRole('button', { name: /^Software/ }).click();
        await page.getByRole('option', { name: 'SiteLink' }).click();
        await page.getByRole('button', { name: /^Facility/ }).click();
        return page.getByLabel('Find a facility number');
      },
    },
  ],
  '/manage-users': [
    {
      name: 'New User modal',
      scope: 'modal',
      open: async (page) => {
        await page.getByRole('button', { name: 'Add User' }).click();
        return page.getByRole('dialog', { name: 'New User' });
      },
    },
    {
      name: 'user detail panel',
      scope: 'panel',
      open: async (page) => {
        await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^manager\b/ }) }).getByRole('cell').nth(2).click();
        return page.getByRole('heading', { name: 'User manager' });
      },
    },
  ],
  '/profile': [
    {
      name: 'Change Password modal',
      scope: 'modal',
      open: async (page) => {
        await page.getByRole('button', { name: 'Change Password' }).click();
        return page.getByRole('dialog', { name: 'Change Password' });
      },
    },
  ],
};

/** One page per login for the whole file, logged in once (a failed test's worker starts a new one), sized as the config says. */
const sessions = new Map<Login, Promise<{ context: BrowserContext; page: Page }>>();
function sessionOf(browser: Browser, login: Login): Promise<{ context: BrowserContext; page: Page }> {
  let session = sessions.get(login);
  if (!session) {
    session = (async () => {
      // Reduced motion: a colour caught halfway through a transition is not the colour the user reads.
      const { baseURL, viewport } = test.info().project.use;
      const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
      await keepOffInternet(context);
      const page = await context.newPage();
      if (login !== 'guest') await loginAs(page, DEMO[login].username);
      return { context, page };
    })();
    sessions.set(login, session);
  }
  return session;
}

test.afterAll(async () => {
  for (const session of sessions.values()) await (await session).context.close();
  sessions.clear();
});

test.describe.configure({ timeout: 120_000 });
// The violation list says what is wrong; a trace would snapshot every one of axe's many calls into the page and slow it tenfold.
test.use({ trace: 'off' });

for (const route of WEB_ROUTES) {
  if (SEQUENCES.has(route.path)) continue;
  for (const login of loginsFor(route.access)) {
    test(`${route.path} as ${login}`, async ({ browser, request }) => {
      const { page } = await sessionOf(browser, login);
      const path = await concretePath(route.path, request);
      await openLoaded(page, path, route.path === '/' ? null : route.title);
      await expectAccessible(page);
      await test.step('with its search fields filled', async () => {
        // A search field with text shows its clear button, which needs a name of its own (a disabled one
        // takes no text: Insurance Policy Management's filters wait for a facility).
        const searches = page.locator('input[type="search"]:not([disabled])').filter({ visible: true });
        if ((await searches.count()) === 0) return;
        for (const search of await searches.all()) await search.fill('zz');
        await settle(page);
        // The tables were scanned with their rows just above; what the text adds is in the fields.
        await expectAccessible(page, { exclude: 'table' });
      });
      for (const part of login === 'guest' ? [] : OPENED_PARTS[route.path] ?? []) {
        await test.step(`the ${part.name}`, async () => {
          await openLoaded(page, path, null);
          await expect(await part.open(page)).toBeVisible();
          await settle(page);
          await expectAccessible(page, { include: SCOPES[part.scope] });
        });
      }
    });
  }
}

test('the page-not-found page as admin', async ({ browser }) => {
  const { page } = await sessionOf(browser, 'admin');
  await openLoaded(page, '/no-such-page', 'Page Not Found');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expectAccessible(page);
});

// The navigation bar folds its greeting and utilities behind icon buttons in a narrow window.
for (const [login, path, title] of [['guest', '/login', 'Login'], ['admin', '/', null]] as const) {
  test(`the navigation bar in a narrow window as ${login}`, async ({ browser }) => {
    const { page } = await sessionOf(browser, login);
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 700, height: 900 });
    try {
      await openLoaded(page, path, title);
      await expectAccessible(page);
    } finally {
      if (wide) await page.setViewportSize(wide);
    }
  });
}
