import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { applicationForm, applicationMessages } from '../../content/application-form';
import { renderAt } from '../../test/render';
import { APPLICATION_DRAFT_KEY } from './application-form';
import { ApplicationPage } from './application-page';

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

  it('shows the experience fields only for yes, and sends them only then', async () => {
    const fetchMock = stubFetch(200);
    const user = userEvent.setup();
    renderAt(<ApplicationPage />, '/join-our-team');
    expect(screen.queryByLabelText(/^Years of experience/)).not.toBeInTheDocument();
    await fillApplication(user);
    await user.click(within(group(fields.hasExperience.legend)).getByLabelText('No'));
    expect(screen.queryByLabelText(/^Years of experience/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Previous experience/)).not.toBeInTheDocument();
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
    expect(await screen.findByRole('alert')).toHaveTextContent(applicationForm.sendError.title);
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
