/**
 * The tenant response portal (web/respond.html at /respond) on a phone, in Chromium, against the real
 * respond API, S3 and DynamoDB: sign-in with the program's access code as a tenant types it, the one
 * refusal text, each answer in English and Spanish, a real PDF uploaded by presigned POST and waiting for
 * review, a changed answer, the refusal after the deadline, an ended session; axe-core on every page in
 * both languages, no sideways scrolling at 375 px and tap targets of at least 44 px.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { formatAccessCode } from '../../shared/access-code';
import type { ProofReviewRow } from '../../shared/contracts/proof-reviews';
import { SIGN_IN_REFUSED } from '../../shared/respond-rules';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { expectAccessible } from './a11y';
import { expect as baseExpect, test } from './fixtures';
import { adminHeaders, getJson, importRentRoll, makeCycle, makeFacility, programDay, tenantsOfFacility } from './program-data';
import type { MadeCycle, MadeFacility, StaffTenantView } from './program-data';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-respond-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seeded {
  facility: MadeFacility;
  cycle: MadeCycle;
  /** Tenants with no answer yet, a complete address and the program's access code. */
  tenants: StaffTenantView[];
}

/**
 * A StorEdge facility in Illinois (PMA: opting out is allowed there) with a cycle and tenants imported
 * from a sample rent roll. `deadline` is the cycle's Update Responses Deadline.
 */
async function seed(request: APIRequestContext, deadline: string, rows = 8): Promise<Seeded> {
  const site = `R${randomBytes(3).toString('hex')}`;
  const facility = await makeFacility(request, { prime_site_id: site, software: 'storedge', state: 'IL', insurance_program_key: 'pma' });
  const cycle = await makeCycle(request, facility.facility_number, { letter_effective_date: programDay(30), update_responses_deadline_date: deadline });
  const rentRoll = await writeSampleRentRoll({ software: 'storedge', primeSiteId: site, rows, seed: randomInt(1, 1_000_000), dir: join(dir, randomBytes(3).toString('hex')) });
  await importRentRoll(request, cycle.id, 'storedge', rentRoll.files);
  const tenants = (await tenantsOfFacility(request, facility.facility_number))
    .filter((t) => t.status === null && !t.incomplete_address && /^\d{5}/.test(t.zip_code) && t.access_code.length === 8);
  expect(tenants.length, 'imported tenants to answer').toBeGreaterThanOrEqual(rows / 2);
  return { facility, cycle, tenants };
}

let open: Seeded;
let closed: Seeded;
test.beforeAll(async ({ request }) => {
  open = await seed(request, programDay(20), 12);
  // Open until the test moves its deadline into the past while a tenant has the page open.
  closed = await seed(request, programDay(5), 6);
});

async function staffView(request: APIRequestContext, tenant: StaffTenantView): Promise<StaffTenantView> {
  const found = (await tenantsOfFacility(request, tenant.facility_number)).find((t) => t.id === tenant.id);
  expect(found, `tenant ${tenant.id}`).toBeTruthy();
  return found!;
}

/** 'June 1, 2026' / '1 de junio de 2026', as the page formats a wire date. */
const day = (wire: string, locale = 'en-US') => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${wire}T00:00:00Z`));

/** Nothing scrolls sideways and every control can be tapped (44 px at least). */
async function expectPhoneFit(page: Page): Promise<void> {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(width.scroll, 'page width at 375 px').toBeLessThanOrEqual(width.client);
  const small = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('button, input:not([type=radio]):not([type=checkbox]), label.card, .check')]
    .filter((el) => el.offsetParent !== null)
    .map((el) => ({ what: el.outerHTML.slice(0, 80), height: el.getBoundingClientRect().height }))
    .filter((el) => el.height < 44));
  expect(small, 'tap targets under 44 px high').toEqual([]);
}

async function signIn(page: Page, code: string, zip: string): Promise<void> {
  await page.getByLabel(/^(Access code|Código de acceso)/).fill(code);
  await page.getByLabel(/^(ZIP code|Código postal)/).fill(zip);
  await page.getByRole('button', { name: /^(Continue|Continuar)$/ }).click();
}

async function checked(page: Page): Promise<void> {
  await expectAccessible(page);
  await expectPhoneFit(page);
}

/** A real one-page PDF, as a tenant's insurer would send the declarations page. */
async function declarationsPdf(insurer: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText(`${insurer} - Renters policy declarations`, { x: 50, y: 720, size: 16, font });
  page.drawText('Personal property: $10,000. Storage units covered.', { x: 50, y: 690, size: 12, font });
  return Buffer.from(await pdf.save());
}

test('a tenant signs in with the code as typed, is refused a wrong ZIP code, and chooses a plan in English', async ({ page, request }) => {
  const tenant = open.tenants[0]!;
  const requests: URL[] = [];
  page.on('request', (r) => requests.push(new URL(r.url())));

  await page.goto('/respond/letter');
  await expect(page.getByRole('heading', { level: 1, name: 'Respond to your insurance letter' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await checked(page);

  // Typed in lower case without the dash: shown grouped as on the letter.
  const code = page.getByLabel(/^Access code/);
  await code.pressSequentially(tenant.access_code.toLowerCase());
  await expect(code).toHaveValue(formatAccessCode(tenant.access_code));

  // A wrong ZIP code says only that the details do not match.
  const wrongZip = tenant.zip_code.startsWith('9') ? '10001' : '99999';
  await page.getByLabel(/^ZIP code/).fill(wrongZip);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(SIGN_IN_REFUSED);
  await checked(page);

  await page.getByLabel(/^ZIP code/).fill(tenant.zip_code.slice(0, 5));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${tenant.first_name}` })).toBeVisible();
  await expect(page.locator('.facts')).toContainText(`Respond by${day(programDay(20))}`);
  await expect(page.getByTestId('current-answer')).toContainText('You have not answered yet.');
  await checked(page);

  await page.getByRole('radio', { name: /Get coverage through the facility/ }).check();
  await expect(page.getByText(`A plan chosen today starts on ${day(programDay(30))}.`)).toBeVisible();
  // Confirming without a plan says which is missing.
  await page.getByRole('button', { name: 'Confirm this plan' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose one of the plans.');
  await page.getByRole('radio', { name: '$2,000 of coverage — $12.00 per month' }).check();
  await page.getByLabel(/^E-mail for a confirmation/).fill('');
  await checked(page);
  await page.getByRole('button', { name: 'Confirm this plan' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your answer is saved' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`You chose $2,000 of coverage — $12.00 per month, starting ${day(programDay(30))}.`);
  await checked(page);

  await page.getByRole('button', { name: 'Back to your letter' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Change your answer' })).toBeVisible();
  await expect(page.getByTestId('current-answer')).toContainText(`You can change your answer until ${day(programDay(20))}.`);

  // Staff and managers see the tenant's own choice (the 'T' badge) with its plan and date.
  const after = await staffView(request, tenant);
  expect(after).toMatchObject({ tenant_made_selection: true, insurance_effective_date: programDay(30) });
  expect(after.coverage_id).toBeTruthy();
  expect(after.status).toBe(after.coverage_id);

  // Nothing but the program's own host (and none of it from elsewhere).
  const origin = new URL(page.url()).origin;
  expect(requests.filter((u) => u.origin !== origin && u.protocol !== 'data:').map((u) => u.href)).toEqual([]);
});

test('a tenant opts out in Spanish, with the program\'s wording and the box ticked', async ({ page, request }) => {
  const tenant = open.tenants[1]!;
  await page.goto('/respond?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Responda a su carta de seguro' })).toBeVisible();
  await checked(page);

  // With spaces, as read aloud from the letter; a wrong ZIP code first, refused in Spanish.
  const spaced = formatAccessCode(tenant.access_code).replace('-', ' ').toLowerCase();
  await signIn(page, spaced, tenant.zip_code.startsWith('9') ? '10001' : '99999');
  await expect(page.getByRole('alert')).toHaveText('El código de acceso y el código postal no coinciden con nuestros registros. Compruebe ambos con su carta e inténtelo de nuevo.');
  await checked(page);
  await page.getByLabel(/^Código postal/).fill(tenant.zip_code.slice(0, 5));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${tenant.first_name}` })).toBeVisible();
  await expect(page.locator('.facts')).toContainText(`Responda antes del${day(programDay(20), 'es-US')}`);
  await checked(page);

  // The choice of language is kept for the tab: a reload without ?lang stays in Spanish, still signed in.
  await page.goto('/respond');
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${tenant.first_name}` })).toBeVisible();

  // Every answer's form in Spanish passes axe and fits the phone.
  await page.getByRole('radio', { name: /^Obtener cobertura/ }).check();
  await expect(page.getByRole('radio', { name: '$2,000 de cobertura — $12.00 al mes' })).toBeVisible();
  await checked(page);
  await page.getByRole('radio', { name: /^Tengo mi propio seguro/ }).check();
  await expect(page.getByLabel(/^Página de declaraciones/)).toBeVisible();
  await checked(page);
  await page.getByRole('radio', { name: /^Renunciar/ }).check();
  await expect(page.getByText('I decline the tenant protection plan offered with my storage unit.', { exact: false })).toBeVisible();
  await page.getByLabel(/^Correo electrónico/).fill('');
  await page.getByRole('button', { name: 'Renunciar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Marque la casilla para confirmar que leyó la declaración.');
  await checked(page);
  await page.getByLabel('He leído esta declaración y renuncio a la cobertura.').check();
  await page.getByRole('button', { name: 'Renunciar' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Gracias, su respuesta está guardada' })).toBeVisible();
  const today = (await staffView(request, tenant)).opt_out_date!;
  await expect(page.getByRole('status')).toContainText(`Renunció a la cobertura el ${day(today, 'es-US')}.`);
  await checked(page);
  expect(await staffView(request, tenant)).toMatchObject({ status: 'opt_out', tenant_made_selection: true });

  // Back to English on the same page.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your answer is saved' })).toBeVisible();
});

test('a tenant uploads a PDF from the letter\'s QR address, sees it waiting for review, then changes the answer', async ({ page, request }) => {
  const tenant = open.tenants[2]!;
  // The QR code's address carries the code in the fragment: the field fills itself in.
  await page.goto(`/respond#code=${formatAccessCode(tenant.access_code)}`);
  await expect(page.getByLabel(/^Access code/)).toHaveValue(formatAccessCode(tenant.access_code));
  await page.getByLabel(/^ZIP code/).fill(tenant.zip_code.slice(0, 5));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${tenant.first_name}` })).toBeVisible();
  expect(new URL(page.url()).hash, 'the code leaves the address bar').toBe('');

  await page.getByRole('radio', { name: /I have my own insurance/ }).check();
  await checked(page);

  // Too large: said before anything is sent.
  let uploadsAsked = 0;
  page.on('request', (r) => { if (r.url().endsWith('/api/respond/proof-upload')) uploadsAsked += 1; });
  const file = page.getByLabel(/^Declarations page/);
  await file.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
  await expect(page.getByRole('alert')).toContainText('files can be at most 10 MB');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('my policy') });
  await expect(page.getByRole('alert')).toHaveText('The file must be a PDF, JPEG or PNG.');
  expect(uploadsAsked).toBe(0);

  const insurer = `Acme Mutual ${randomBytes(2).toString('hex')}`;
  await file.setInputFiles({ name: 'declarations.pdf', mimeType: 'application/pdf', buffer: await declarationsPdf(insurer) });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel(/^Insurance company/).fill(insurer);
  await page.getByLabel(/^Policy expiry date/).fill(programDay(200));
  await page.getByLabel(/^E-mail for a confirmation/).fill('tenant-proof@test.example');
  await checked(page);
  await page.getByRole('button', { name: 'Send proof' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your answer is saved' })).toBeVisible();
  const thanks = page.getByRole('status');
  await expect(thanks).toContainText(`You sent proof of your own insurance with ${insurer} (policy expires ${day(programDay(200))})`);
  await expect(thanks).toContainText('Your proof is waiting for review');
  await expect(thanks).toContainText('We are sending a confirmation to tenant-proof@test.example.');
  await checked(page);

  // Staff see it waiting for review; the tenant leaves the letter-ready lists.
  const waiting = await getJson<{ data: ProofReviewRow[] }>(request, `/api/proof-reviews?facility_number=${tenant.facility_number}`);
  expect(waiting.data.filter((p) => p.tenant_id === tenant.id).map((p) => ({ insurer: p.insurer, content_type: p.content_type })))
    .toEqual([{ insurer, content_type: 'application/pdf' }]);
  expect(await staffView(request, tenant)).toMatchObject({ status: 'provide_proof', tenant_made_selection: true, provided_proof_date: null });

  // Until the deadline, the tenant may change the answer: a plan instead.
  await page.getByRole('button', { name: 'Back to your letter' }).click();
  await expect(page.getByTestId('current-answer')).toContainText('Your proof is waiting for review');
  await page.getByRole('radio', { name: /Get coverage through the facility/ }).check();
  await page.getByRole('radio', { name: '$2,000 of coverage — $12.00 per month' }).check();
  await page.getByLabel(/^E-mail for a confirmation/).fill('');
  await page.getByRole('button', { name: 'Confirm this plan' }).click();
  await expect(page.getByRole('status')).toContainText('You chose $2,000 of coverage — $12.00 per month');
  const changed = await staffView(request, tenant);
  expect(changed.status).toBe(changed.coverage_id);
  const stillWaiting = await getJson<{ data: ProofReviewRow[] }>(request, `/api/proof-reviews?facility_number=${tenant.facility_number}`);
  expect(stillWaiting.data.filter((p) => p.tenant_id === tenant.id), 'the replaced proof leaves the review list').toEqual([]);
});

test('a tenant sends proof in Spanish, then chooses a plan instead, in Spanish', async ({ page, request }) => {
  const tenant = open.tenants[4]!;
  await page.goto('/respond/?lang=es');
  await signIn(page, formatAccessCode(tenant.access_code), tenant.zip_code.slice(0, 5));
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${tenant.first_name}` })).toBeVisible();

  await page.getByRole('radio', { name: /^Tengo mi propio seguro/ }).check();
  // Nothing filled in: each field says what it needs.
  await page.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(page.getByRole('alert')).toHaveText([
    'Elija el archivo de su página de declaraciones.', 'Escriba el nombre de su compañía de seguros.', 'Escriba la fecha en que vence su póliza.',
  ]);
  await expect(page.getByLabel(/^Página de declaraciones/)).toBeFocused();
  await checked(page);

  const insurer = `Seguros del Valle ${randomBytes(2).toString('hex')}`;
  await page.getByLabel(/^Página de declaraciones/).setInputFiles({ name: 'poliza.pdf', mimeType: 'application/pdf', buffer: await declarationsPdf(insurer) });
  await page.getByLabel(/^Compañía de seguros/).fill(insurer);
  await page.getByLabel(/^Fecha de vencimiento/).fill(programDay(300));
  await page.getByLabel(/^Correo electrónico/).fill('');
  await page.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gracias, su respuesta está guardada' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Envió el comprobante de su propio seguro con ${insurer} (la póliza vence el ${day(programDay(300), 'es-US')})`);
  await expect(page.getByRole('status')).toContainText('Su comprobante está pendiente de revisión');
  expect(await staffView(request, tenant)).toMatchObject({ status: 'provide_proof', tenant_made_selection: true });

  await page.getByRole('button', { name: 'Volver a su carta' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Cambie su respuesta' })).toBeVisible();
  await page.getByRole('radio', { name: /^Obtener cobertura/ }).check();
  await page.getByRole('radio', { name: '$2,000 de cobertura — $12.00 al mes' }).check();
  await page.getByRole('button', { name: 'Confirmar este plan' }).click();
  await expect(page.getByRole('status')).toContainText(`Eligió $2,000 de cobertura — $12.00 al mes, a partir del ${day(programDay(30), 'es-US')}.`);
  await checked(page);
  const changed = await staffView(request, tenant);
  expect(changed.status).toBe(changed.coverage_id);
});

test('after the deadline answers are refused and the page says why, in both languages', async ({ page, request }) => {
  const [early, late] = closed.tenants as [StaffTenantView, StaffTenantView];
  await page.goto('/respond');
  await signIn(page, early.access_code, early.zip_code.slice(0, 5));
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${early.first_name}` })).toBeVisible();
  await page.getByRole('radio', { name: /Get coverage through the facility/ }).check();
  await page.getByRole('radio', { name: '$2,000 of coverage — $12.00 per month' }).check();

  // The deadline passes while the page is open: the answer is refused, and the page says why.
  const moved = await request.post(`/api/cycles/${closed.cycle.id}`, {
    headers: await adminHeaders(request), form: { label: closed.cycle.label, update_responses_deadline_date: programDay(-1) },
  });
  expect(moved.status(), await moved.text()).toBeLessThan(300);
  await page.getByRole('button', { name: 'Confirm this plan' }).click();
  await expect(page.getByRole('alert')).toHaveText('The deadline to answer has passed, so answers can no longer be given or changed here.');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.locator('.facts')).toContainText(`Respond by${day(programDay(-1))}`);
  expect(await staffView(request, early)).toMatchObject({ status: null, tenant_made_selection: false });
  await checked(page);

  // Signing in after the deadline: the page is closed from the start.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, late.access_code, late.zip_code.slice(0, 5));
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${late.first_name}` })).toBeVisible();
  await expect(page.getByTestId('current-answer')).toContainText('The deadline to answer has passed');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await checked(page);

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByTestId('current-answer')).toContainText('La fecha límite para responder ya pasó');
  await checked(page);
});

test('an ended session goes back to sign-in with a message; signing out says so', async ({ page }) => {
  const tenant = open.tenants[3]!;
  await page.goto('/respond');
  await signIn(page, formatAccessCode(tenant.access_code), tenant.zip_code.slice(0, 5));
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${tenant.first_name}` })).toBeVisible();

  // The server ends the session (as when it expires): the next call answers 401.
  const token = await page.evaluate(() => sessionStorage.getItem('alp-respond-session'));
  const ended = await page.request.post('/api/respond/sign-out', { headers: { authorization: `Bearer ${token}` } });
  expect(ended.status(), await ended.text()).toBe(200);
  await page.getByRole('radio', { name: /Opt out/ }).check();
  await page.getByLabel('I have read this statement and I opt out.').check();
  await page.getByRole('button', { name: 'Opt out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Respond to your insurance letter' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('For your security you were signed out after a while. Sign in again to continue.');
  await checked(page);

  await signIn(page, tenant.access_code, tenant.zip_code.slice(0, 5));
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${tenant.first_name}` })).toBeVisible();
  // Signed in again, the tenant opts out (in English).
  await page.getByRole('radio', { name: /Opt out/ }).check();
  await page.getByLabel('I have read this statement and I opt out.').check();
  await page.getByLabel(/^E-mail for a confirmation/).fill('');
  await page.getByRole('button', { name: 'Opt out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your answer is saved' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/^You opted out on \w+ \d+, \d{4}\.$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  expect(await page.evaluate(() => sessionStorage.getItem('alp-respond-session'))).toBeNull();
});
