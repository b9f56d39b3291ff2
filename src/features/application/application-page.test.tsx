import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { applicationFormContent } from '../../content/application-form';
import { renderAt } from '../../test/render';
import { APPLICATION_DRAFT_KEY, APPLICATION_RESUME_NAME_KEY } from './application-form';
import { ApplicationPage } from './application-page';
import { expectAlertSaying } from '../../test/alert';
import { NOTHING_PUBLISHED } from '../../content/published';

const { applicationForm, applicationMessages } = applicationFormContent(NOTHING_PUBLISHED);

const { fields } = applicationForm;

function stubFetch(status: number) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}', { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const group = (legend: string) => screen.getByRole('group', { name: legend });

async function fillApplication(user: UserEvent) {
  await user.type(screen.getByLabelText('Full name'), 'Ana Torres');
  await user.type(screen.getByLabelText('Phone number'), '5715550199');
  await user.type(screen.getByLabelText('Email address'), 'ana@example.org');
  await user.type(screen.getByLabelText('Home address'), '2100 Clarendon Blvd, Arlington');
  await user.type(screen.getByLabelText('Date of birth'), '1990-05-01');
  await user.click(within(group(fields.positionInterest.legend)).getByLabelText('Mixologist'));
  await user.click(within(group(fields.hasExperience.legend)).getByLabelText('Yes'));
  await user.selectOptions(screen.getByLabelText(/^Years of experience/), '10+');
  await user.type(screen.getByLabelText(/^Previous experience/), 'Hotel bars');
  await user.click(within(group(fields.availability.legend)).getByLabelText('Sunday'));
  await user.click(screen.getByLabelText('Weekends only'));
  await user.click(within(group(fields.languages.legend)).getByLabelText('French'));
}

const submitButton = () => screen.getByRole('button', { name: applicationForm.submit });

afterEach(() => vi.unstubAllGlobals());

describe('ApplicationPage', () => {
  it('on an empty submit shows the ten messages and focuses the first field', async () => {
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());
    const summary = screen.getByTestId('error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      applicationMessages.fullName,
      applicationMessages.phone,
      applicationMessages.email,
      applicationMessages.address,
      applicationMessages.dateOfBirth,
      applicationMessages.positionInterest,
      applicationMessages.hasExperience,
      applicationMessages.availability,
      applicationMessages.shiftPreference,
      applicationMessages.languages,
    ]);
    await user.click(within(summary).getByRole('link', { name: applicationMessages.languages }));
    await waitFor(() =>
      expect(within(group(fields.languages.legend)).getByLabelText('Spanish')).toHaveFocus(),
    );
  });

  it('keeps the experience fields where CSS shows them only for yes, and sends them only then', async () => {
    const fetchMock = stubFetch(200);
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    // Shown and hidden by CSS (index.css, `:has()`), so that the HTML works without script too;
    // e2e/application.spec.ts checks what a browser shows.
    const details = screen.getByLabelText(/^Years of experience/).closest('.experience-details');
    expect(details).toContainElement(screen.getByLabelText(/^Previous experience/));
    expect(details?.closest('.experience-section')).toContainElement(
      within(group(fields.hasExperience.legend)).getByLabelText('Yes'),
    );
    await fillApplication(user);
    await user.click(within(group(fields.hasExperience.legend)).getByLabelText('No'));
    await user.type(screen.getByLabelText(/^Previous experience/), 'Typed, then No');
    await user.click(submitButton());

    await screen.findByRole('heading', { name: applicationForm.confirmation.heading });
    const body: unknown = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toStrictEqual({
      fullName: 'Ana Torres',
      phone: '5715550199',
      email: 'ana@example.org',
      address: '2100 Clarendon Blvd, Arlington',
      dateOfBirth: '1990-05-01',
      positionInterest: ['Mixologist'],
      hasExperience: 'no',
      availability: ['Sunday'],
      shiftPreference: 'fines-semana',
      skills: [],
      certifications: '',
      languages: ['French'],
      otherCompanies: '',
      references: '',
      additionalInfo: '',
    });
    expect(window.sessionStorage.getItem(APPLICATION_DRAFT_KEY)).toBeNull();
  });

  it('says on the page when the send fails and keeps every value', async () => {
    stubFetch(500);
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    await fillApplication(user);
    await user.click(submitButton());
    await expectAlertSaying(applicationForm.sendError.title);
    expect(screen.getByLabelText(/^Years of experience/)).toHaveValue('10+');
    expect(screen.getByLabelText(/^Previous experience/)).toHaveValue('Hotel bars');
    expect(screen.getByLabelText('Weekends only')).toBeChecked();
    expect(window.sessionStorage.getItem(APPLICATION_DRAFT_KEY)).toContain('Hotel bars');
  });

  it('confirms with the next steps and focuses the heading', async () => {
    stubFetch(200);
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    await fillApplication(user);
    await user.click(submitButton());
    const heading = await screen.findByRole('heading', {
      name: 'Application Submitted Successfully!',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/within 3-5 business days/)).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    applicationForm.confirmation.nextSteps.forEach((step, index) => {
      expect(steps[index]).toHaveTextContent(step.title);
      expect(steps[index]).toHaveTextContent(step.text);
    });
  });
});

const PDF_START = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** A file of `size` bytes that starts with `start`. */
function fileOf(name: string, size: number, start: readonly number[] = PDF_START) {
  const bytes = new Uint8Array(size);
  bytes.set(start.slice(0, size));
  return new File([bytes], name, { lastModified: 1_700_000_000_000 });
}

const resumeInput = () => screen.getByLabelText(fields.resume.label, { exact: false });
const removeButton = (name: string) =>
  screen.getByRole('button', { name: applicationForm.resume.removeLabel(name) });

/** What a multipart body holds, a file given by its name. */
function partsOf(body: unknown) {
  if (!(body instanceof FormData)) throw new Error('The body is not multipart form data');
  return [...body.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file ${value.name}`,
  ]);
}

function headersOf(call: Parameters<typeof fetch> | undefined) {
  return new Headers(call?.[1]?.headers);
}

describe('ApplicationPage résumé', () => {
  it('shows a chosen PDF with its name, size and Remove, which clears it and refocuses', async () => {
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    const input = resumeInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(fields.resume.hint);
    await user.upload(input, fileOf('cv.pdf', 120 * 1024));

    expect(await screen.findByText('cv.pdf, 120 KB')).toBeVisible();
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(removeButton('cv.pdf'));
    expect(screen.queryByText('cv.pdf, 120 KB')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it.each([
    [
      'a picture',
      fileOf('photo.png', 2048, [0x89, 0x50, 0x4e, 0x47]),
      applicationMessages.resumeType,
    ],
    [
      'a .pdf that is not a PDF',
      fileOf('cv.pdf', 2048, [0x50, 0x4b, 3, 4]),
      applicationMessages.resumeType,
    ],
    ['an empty file', fileOf('cv.docx', 0), applicationMessages.resumeEmpty],
    ['a file over 5 MB', fileOf('cv.pdf', 5 * 1024 * 1024 + 1), applicationMessages.resumeTooLarge],
  ])('shows what is wrong with %s under the field, tied to it', async (_case, file, message) => {
    const user = userEvent.setup({ applyAccept: false });
    renderAt(<ApplicationPage />, '/join-our-team');
    const input = resumeInput();
    await user.upload(input, file);

    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAttribute(
      'aria-describedby',
      'application-resume-hint application-resume-error',
    );
    expect(input).toHaveAccessibleDescription(`${fields.resume.hint} Error: ${message}`);
    // The bad file stays shown, so that the visitor sees what to replace.
    expect(removeButton(file.name)).toBeVisible();
  });

  it('blocks the send with a bad file, listed in the summary in page order and focused', async () => {
    const fetchMock = stubFetch(200);
    const user = userEvent.setup({ applyAccept: false });
    renderAt(<ApplicationPage />, '/join-our-team');
    await user.upload(resumeInput(), fileOf('photo.png', 10, [0x89, 0x50]));
    await user.click(submitButton());
    const links = () => within(screen.getByTestId('error-summary')).getAllByRole('link');
    await waitFor(() => expect(links().at(-1)).toHaveTextContent(applicationMessages.resumeType));
    expect(links().at(-2)).toHaveTextContent(applicationMessages.languages);

    await fillApplication(user);
    await user.click(submitButton());
    await waitFor(() => expect(resumeInput()).toHaveFocus());
    expect(links().map((link) => link.textContent)).toEqual([applicationMessages.resumeType]);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(removeButton('photo.png'));
    await user.click(submitButton());
    await screen.findByRole('heading', { name: applicationForm.confirmation.heading });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the application and the résumé as one multipart request', async () => {
    const fetchMock = stubFetch(200);
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    await fillApplication(user);
    await user.click(within(group(fields.positionInterest.legend)).getByLabelText('Bartender'));
    await user.upload(resumeInput(), fileOf('cv.pdf', 3000));
    await screen.findByText('cv.pdf, 3 KB');
    await user.click(submitButton());

    await screen.findByRole('heading', { name: applicationForm.confirmation.heading });
    expect(partsOf(fetchMock.mock.calls[0]?.[1]?.body)).toEqual([
      ['fullName', 'Ana Torres'],
      ['phone', '5715550199'],
      ['email', 'ana@example.org'],
      ['address', '2100 Clarendon Blvd, Arlington'],
      ['dateOfBirth', '1990-05-01'],
      ['positionInterest', 'Bartender'],
      ['positionInterest', 'Mixologist'],
      ['hasExperience', 'yes'],
      ['yearsExperience', '10+'],
      ['previousExperience', 'Hotel bars'],
      ['availability', 'Sunday'],
      ['shiftPreference', 'fines-semana'],
      ['certifications', ''],
      ['languages', 'French'],
      ['otherCompanies', ''],
      ['references', ''],
      ['additionalInfo', ''],
      ['resume', 'file cv.pdf'],
    ]);
    const headers = headersOf(fetchMock.mock.calls[0]);
    expect(headers.has('content-type')).toBe(false);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(window.sessionStorage.getItem(APPLICATION_RESUME_NAME_KEY)).toBeNull();
  });

  it('keeps the résumé after a failed send and sends it again with the same key', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    await fillApplication(user);
    await user.upload(resumeInput(), fileOf('cv.pdf', 900));
    await user.click(submitButton());

    await expectAlertSaying(applicationForm.sendError.title);
    expect(screen.getByText('cv.pdf, 900 bytes')).toBeVisible();
    expect(removeButton('cv.pdf')).toBeVisible();
    await user.click(submitButton());
    await screen.findByRole('heading', { name: applicationForm.confirmation.heading });
    const [first, second] = fetchMock.mock.calls.map((call) => headersOf(call));
    expect(second?.get('idempotency-key')).toBe(first?.get('idempotency-key'));
    expect(partsOf(fetchMock.mock.calls[1]?.[1]?.body).at(-1)).toEqual(['resume', 'file cv.pdf']);
  });

  it('after a reload names the résumé to choose again, without blocking a send as JSON', async () => {
    const fetchMock = stubFetch(200);
    const user = userEvent.setup();
    const first = renderAt(<ApplicationPage />, '/join-our-team');
    await fillApplication(user);
    await user.upload(resumeInput(), fileOf('cv.pdf', 900));
    await screen.findByText('cv.pdf, 900 bytes');
    expect(window.sessionStorage.getItem(APPLICATION_DRAFT_KEY)).not.toMatch(/resume|cv\.pdf/);
    first.unmount();

    renderAt(<ApplicationPage />, '/join-our-team');
    const note = applicationForm.resume.lostOnReload('cv.pdf');
    expect(await screen.findByText(note)).toBeVisible();
    expect(resumeInput()).toHaveAccessibleDescription(`${fields.resume.hint} ${note}`);
    expect(resumeInput()).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());

    await screen.findByRole('heading', { name: applicationForm.confirmation.heading });
    expect(headersOf(fetchMock.mock.calls[0]).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      fullName: 'Ana Torres',
    });
    expect(window.sessionStorage.getItem(APPLICATION_RESUME_NAME_KEY)).toBeNull();
  });

  it('drops the reload note once a file is chosen', async () => {
    window.sessionStorage.setItem(APPLICATION_RESUME_NAME_KEY, JSON.stringify('old.pdf'));
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    const note = applicationForm.resume.lostOnReload('old.pdf');
    expect(await screen.findByText(note)).toBeVisible();
    await user.upload(resumeInput(), fileOf('new.pdf', 900));
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    expect(await screen.findByText('new.pdf, 900 bytes')).toBeVisible();
  });

  it('focuses the résumé field when a link opens the page at it', async () => {
    renderAt(<ApplicationPage />, '/join-our-team?field=resume');
    await waitFor(() => expect(resumeInput()).toHaveFocus());
  });
});
