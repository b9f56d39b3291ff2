import { expect, test, type Locator, type Page } from '@playwright/test';
import { applicationFormContent } from '../src/content/application-form';
import { pagesContent } from '../src/content/site';
import { expectNoAxeViolations, expectNoHorizontalScroll, openRoute } from './fixtures';
import { expectFieldError, interceptForm, recordDialogs, sentFields } from './form-helpers';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { applicationForm, applicationMessages } = applicationFormContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);

const ENDPOINT = '/api/forms/application';

const valid = {
  fullName: 'Ana Torres',
  phone: '(571) 555-0199',
  email: 'ana@example.org',
  address: '2100 Clarendon Blvd, Arlington, VA 22201',
  dateOfBirth: '1990-05-01',
  positionInterest: ['Professional Server', 'Bartender'],
  hasExperience: 'yes',
  yearsExperience: '3-5',
  previousExperience: 'Banquet server at a downtown hotel.',
  availability: ['Friday', 'Saturday'],
  shiftPreference: 'tarde',
  skills: ['Teamwork'],
  certifications: 'TIPS',
  languages: ['Spanish', 'English'],
  otherCompanies: 'None',
  references: 'Maria Lopez, former manager, (703) 555-0111',
  additionalInfo: 'I have my own black attire.',
};

const { fields } = applicationForm;
const submit = (page: Page) => page.getByRole('button', { name: applicationForm.submit });
const group = (page: Page, legend: string) => page.getByRole('group', { name: legend });
const years = (page: Page) => page.getByLabel('Years of experience');
const previous = (page: Page) => page.getByLabel('Previous experience');

async function fillValidApplication(page: Page, experience: 'yes' | 'no' = 'yes') {
  await page.getByLabel('Full name').fill(valid.fullName);
  await page.getByLabel('Phone number').fill(valid.phone);
  await page.getByLabel('Email address').fill(valid.email);
  await page.getByLabel('Home address').fill(valid.address);
  await page.getByLabel('Date of birth').fill(valid.dateOfBirth);
  const positions = group(page, fields.positionInterest.legend);
  for (const name of valid.positionInterest) await positions.getByLabel(name).check();
  await group(page, fields.hasExperience.legend).getByLabel('Yes').check();
  await years(page).selectOption(valid.yearsExperience);
  await previous(page).fill(valid.previousExperience);
  if (experience === 'no') await group(page, fields.hasExperience.legend).getByLabel('No').check();
  const days = group(page, fields.availability.legend);
  for (const name of valid.availability) await days.getByLabel(name).check();
  await group(page, fields.shiftPreference.legend)
    .getByLabel('Afternoon (2:00 PM - 10:00 PM)')
    .check();
  await group(page, `${fields.skills.legend} (optional)`).getByLabel('Teamwork').check();
  await page.getByLabel('Certifications').fill(valid.certifications);
  const languages = group(page, fields.languages.legend);
  for (const name of valid.languages) await languages.getByLabel(name).check();
  await page.getByLabel('Other staffing companies you work with').fill(valid.otherCompanies);
  await page.getByLabel('References').fill(valid.references);
  await page.getByLabel('Anything else we should know?').fill(valid.additionalInfo);
}

async function expectValidApplicationKept(page: Page) {
  await expect(page.getByLabel('Full name')).toHaveValue(valid.fullName);
  await expect(page.getByLabel('Phone number')).toHaveValue(valid.phone);
  await expect(page.getByLabel('Email address')).toHaveValue(valid.email);
  await expect(page.getByLabel('Home address')).toHaveValue(valid.address);
  await expect(page.getByLabel('Date of birth')).toHaveValue(valid.dateOfBirth);
  for (const name of valid.positionInterest) {
    await expect(group(page, fields.positionInterest.legend).getByLabel(name)).toBeChecked();
  }
  await expect(group(page, fields.hasExperience.legend).getByLabel('Yes')).toBeChecked();
  await expect(years(page)).toHaveValue(valid.yearsExperience);
  await expect(previous(page)).toHaveValue(valid.previousExperience);
  for (const name of valid.availability) {
    await expect(group(page, fields.availability.legend).getByLabel(name)).toBeChecked();
  }
  await expect(page.getByLabel('Afternoon (2:00 PM - 10:00 PM)')).toBeChecked();
  await expect(page.getByLabel('Teamwork')).toBeChecked();
  await expect(page.getByLabel('Certifications')).toHaveValue(valid.certifications);
  for (const name of valid.languages) {
    await expect(group(page, fields.languages.legend).getByLabel(name)).toBeChecked();
  }
  await expect(page.getByLabel('Other staffing companies you work with')).toHaveValue(
    valid.otherCompanies,
  );
  await expect(page.getByLabel('References')).toHaveValue(valid.references);
  await expect(page.getByLabel('Anything else we should know?')).toHaveValue(valid.additionalInfo);
}

/** Sends a valid application into a failure: the page says so (no dialog) and keeps every value. */
async function sendIntoFailure(page: Page, answer: 503 | 'abort') {
  const dialogs = recordDialogs(page);
  const requests = await interceptForm(page, ENDPOINT, answer);
  await openRoute(page, '/join-our-team');
  await fillValidApplication(page);
  await submit(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(applicationForm.sendError.title);
  await expect(alert).toContainText(applicationForm.sendError.message);
  expect(requests).toHaveLength(1);
  expect(dialogs).toEqual([]);
  await expect(submit(page)).toBeEnabled();
  await expectValidApplicationKept(page);
}

/** Presses Tab until `target` has focus: proves it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

test.describe('job application form', () => {
  test('the empty form: its sections, English only; an empty submit shows the ten messages under their fields and focuses the first; Back to Home', async ({
    page,
  }) => {
    const requests = await interceptForm(page, ENDPOINT);
    await openRoute(page, '/join-our-team');
    for (const title of Object.values(applicationForm.sections)) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(group(page, fields.positionInterest.legend).getByRole('checkbox')).toHaveCount(10);
    await expect(group(page, fields.availability.legend).getByRole('checkbox')).toHaveCount(7);
    await expect(group(page, fields.shiftPreference.legend).getByRole('radio')).toHaveCount(5);
    await expect(
      group(page, `${fields.skills.legend} (optional)`).getByRole('checkbox'),
    ).toHaveCount(10);
    await expect(group(page, fields.languages.legend).getByRole('checkbox')).toHaveCount(7);
    await expect(page.getByLabel('Date of birth')).toHaveAttribute('autocomplete', 'bday');
    await expect(years(page)).toBeHidden();
    await expect(page.getByRole('main')).not.toContainText(/Volver|Enviar|Información|mañana/i);
    await submit(page).click();
    await expect(page.getByLabel('Full name')).toBeFocused();
    const expected: [string, string][] = [
      ['fullName', applicationMessages.fullName],
      ['phone', applicationMessages.phone],
      ['email', applicationMessages.email],
      ['address', applicationMessages.address],
      ['dateOfBirth', applicationMessages.dateOfBirth],
      ['positionInterest', applicationMessages.positionInterest],
      ['hasExperience', applicationMessages.hasExperience],
      ['availability', applicationMessages.availability],
      ['shiftPreference', applicationMessages.shiftPreference],
      ['languages', applicationMessages.languages],
    ];
    for (const [name, message] of expected) {
      await expectFieldError(page, `application-${name}`, message);
    }
    await expect(page.locator('[id$="-error"]')).toHaveCount(10);
    await expect(page.getByTestId('error-summary').getByRole('link')).toHaveCount(10);
    await expectNoAxeViolations(page);
    expect(requests).toHaveLength(0);

    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
  });

  test('the short boundaries: one-letter name and nine-character address', async ({ page }) => {
    await openRoute(page, '/join-our-team');
    await fillValidApplication(page);
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Home address').fill('1 Main St');
    await submit(page).click();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expectFieldError(page, 'application-fullName', applicationMessages.fullName);
    await expectFieldError(page, 'application-address', applicationMessages.address);
    await page.getByLabel('Home address').fill('1 Main St.');
    await expect(page.locator('#application-address-error')).toHaveCount(0);
  });

  test('the experience fields show only for yes and are not sent for no', async ({ page }) => {
    const requests = await interceptForm(page, ENDPOINT);
    await openRoute(page, '/join-our-team');
    const experience = group(page, fields.hasExperience.legend);
    await experience.getByLabel('Yes').check();
    await expect(years(page)).toBeVisible();
    await expect(previous(page)).toBeVisible();
    await expect(years(page).locator('option')).toHaveText([
      'Select an option',
      'Less than 1 year',
      '1-2 years',
      '3-5 years',
      '5-10 years',
      '10+ years',
    ]);
    await expectNoAxeViolations(page);
    await experience.getByLabel('No').check();
    await expect(years(page)).toBeHidden();
    await expect(previous(page)).toBeHidden();

    await fillValidApplication(page, 'no');
    await submit(page).click();
    await expect(
      page.getByRole('heading', { name: applicationForm.confirmation.heading }),
    ).toBeVisible();
    const body = sentFields(requests[0]);
    expect(body.hasExperience).toBe('no');
    expect(body).not.toHaveProperty('yearsExperience');
    expect(body).not.toHaveProperty('previousExperience');
  });

  test('a valid submit shows Submitting... then the confirmation, and sends the body', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests = await interceptForm(page, ENDPOINT, 200, { release: held });
    await openRoute(page, '/join-our-team');
    await fillValidApplication(page);
    await submit(page).click();

    const sending = page.getByRole('button', { name: 'Submitting...' });
    await expect(sending).toBeDisabled();
    await expect(sending.locator('svg.animate-spin')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Submitting...');
    await expect(page.locator('form')).toHaveAttribute('aria-busy', 'true');
    release();

    const heading = page.getByRole('heading', { name: applicationForm.confirmation.heading });
    await expect(heading).toBeFocused();
    await expect(page.getByText(/contact you within 3-5 business days/)).toBeVisible();
    const steps = page.getByRole('main').getByRole('listitem');
    await expect(steps).toHaveCount(4);
    for (const step of applicationForm.confirmation.nextSteps) {
      await expect(page.getByText(step.title, { exact: true })).toBeVisible();
    }

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.headers()['content-type']).toBe('application/json');
    expect(request?.headers()['accept']).toBe('application/json');
    expect(sentFields(request)).toStrictEqual(valid);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });

  test('a 503 answer says so on the page and keeps every value, also after a reload; no axe violations', async ({
    page,
  }) => {
    await sendIntoFailure(page, 503);
    await expectNoAxeViolations(page);
    await page.reload();
    await expectValidApplicationKept(page);
  });

  test('a network failure says so on the page and keeps every value, also after a reload', async ({
    page,
  }) => {
    await sendIntoFailure(page, 'abort');
    await page.reload();
    await expectValidApplicationKept(page);
  });

  test('the whole form can be filled and sent by keyboard alone', async ({ page }) => {
    const requests = await interceptForm(page, ENDPOINT);
    await openRoute(page, '/join-our-team');
    const main = page.getByRole('main');
    const type = async (target: Locator, text: string) => {
      await tabTo(page, target);
      await page.keyboard.type(text);
    };
    const check = async (target: Locator) => {
      await tabTo(page, target);
      await page.keyboard.press('Space');
    };

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(main).toBeFocused();

    await type(page.getByLabel('Full name'), valid.fullName);
    await type(page.getByLabel('Phone number'), valid.phone);
    await type(page.getByLabel('Email address'), valid.email);
    await type(page.getByLabel('Home address'), valid.address);
    await type(page.getByLabel('Date of birth'), '05011990');
    await check(main.getByLabel('Professional Server'));
    await check(main.getByLabel('Bartender', { exact: true }));
    await check(group(page, fields.hasExperience.legend).getByLabel('Yes'));
    await type(years(page), '3');
    await type(previous(page), valid.previousExperience);
    await check(main.getByLabel('Friday'));
    await check(main.getByLabel('Saturday'));
    await tabTo(page, main.getByLabel('Morning (6:00 AM - 2:00 PM)'));
    await page.keyboard.press('ArrowDown');
    await check(main.getByLabel('Teamwork'));
    await type(page.getByLabel('Certifications'), valid.certifications);
    await check(group(page, fields.languages.legend).getByLabel('Spanish'));
    await check(group(page, fields.languages.legend).getByLabel('English'));
    await type(page.getByLabel('Other staffing companies you work with'), valid.otherCompanies);
    await type(page.getByLabel('References'), valid.references);
    await type(page.getByLabel('Anything else we should know?'), valid.additionalInfo);
    await tabTo(page, submit(page));
    await page.keyboard.press('Enter');

    await expect(
      page.getByRole('heading', { name: applicationForm.confirmation.heading }),
    ).toBeFocused();
    expect(sentFields(requests[0])).toStrictEqual(valid);
  });
});

test.describe('the résumé field', () => {
  const resumeField = (page: Page) => page.getByLabel(fields.resume.label);
  const pdf = {
    name: 'Ana Torres CV.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(3000, 0x20),
      Buffer.from('%%EOF\n'),
    ]),
  };

  test('a chosen PDF shows its name and size, goes with the fields as multipart, and stays after a failed send', async ({
    page,
  }) => {
    const requests = await interceptForm(page, ENDPOINT, 503);
    await openRoute(page, '/join-our-team');
    await fillValidApplication(page);
    await resumeField(page).setInputFiles(pdf);
    await expect(page.getByText('Ana Torres CV.pdf, 3 KB')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Ana Torres CV.pdf' })).toBeVisible();
    await expectNoAxeViolations(page);

    await submit(page).click();
    await expect(page.getByRole('alert')).toContainText(applicationForm.sendError.title);
    expect(requests).toHaveLength(1);
    const request = requests[0];
    expect(request?.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request?.postDataBuffer()?.toString('latin1') ?? '';
    expect(body).toContain('name="resume"; filename="Ana Torres CV.pdf"');
    expect(body.match(/name="positionInterest"/g)).toHaveLength(2);
    expect(body).toContain(pdf.buffer.toString('latin1'));
    await expect(page.getByText('Ana Torres CV.pdf, 3 KB')).toBeVisible();
    await expectValidApplicationKept(page);
  });

  test('a file that is not a PDF or Word document is named under the field and blocks the send', async ({
    page,
  }) => {
    const requests = await interceptForm(page, ENDPOINT, 200);
    await openRoute(page, '/join-our-team');
    await fillValidApplication(page);
    await resumeField(page).setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('\x89PNG\r\n\x1a\n not a pdf'),
    });
    await expectFieldError(page, 'application-resume', applicationMessages.resumeType);
    await expect(resumeField(page)).toHaveAttribute('aria-invalid', 'true');
    await submit(page).click();
    await expect(page.getByTestId('error-summary')).toContainText(applicationMessages.resumeType);
    await expect(resumeField(page)).toBeFocused();
    expect(requests).toHaveLength(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Remove cv.pdf' }).click();
    await expect(resumeField(page)).toBeFocused();
    await expect(page.locator('#application-resume-error')).toHaveCount(0);
  });

  test('after a reload the other fields come back and the field asks for the file again', async ({
    page,
  }) => {
    await openRoute(page, '/join-our-team');
    await fillValidApplication(page);
    await resumeField(page).setInputFiles(pdf);
    await page.reload();
    await expectValidApplicationKept(page);
    await expect(page.getByText(applicationForm.resume.lostOnReload(pdf.name))).toBeVisible();
    await expect(page.getByText('Ana Torres CV.pdf, 3 KB')).toHaveCount(0);
  });
});

test.describe('job application form at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('errors and the experience fields fit the screen with no axe violations', async ({
    page,
  }) => {
    await openRoute(page, '/join-our-team');
    await submit(page).click();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await group(page, fields.hasExperience.legend).getByLabel('Yes').check();
    await expect(years(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
  });
});
