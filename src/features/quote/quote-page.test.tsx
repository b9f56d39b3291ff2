import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { quoteFormContent } from '../../content/quote-form';
import { localIsoDate } from '../../forms/dates';
import { quoteEndpoint } from '../../forms/endpoints';
import { emptyQuoteForm } from '../../forms/quote';
import { renderAt } from '../../test/render';
import { QUOTE_DRAFT_KEY } from './quote-form';
import { QuotePage } from './quote-page';
import { NOTHING_PUBLISHED } from '../../content/published';

const { quoteForm, quoteMessages } = quoteFormContent(NOTHING_PUBLISHED);

const eventDate = localIsoDate(10);

function stubFetch(answer: number | Error | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    answer instanceof Error
      ? Promise.reject(answer)
      : answer instanceof Promise
        ? answer
        : Promise.resolve(new Response('{"ok":true}', { status: answer })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillQuote(user: UserEvent) {
  await user.type(screen.getByLabelText('Full name'), 'Jordan Rivera');
  await user.type(screen.getByLabelText('Phone number'), '2025550134');
  await user.type(screen.getByLabelText('Email address'), 'jordan@example.org');
  await user.type(screen.getByLabelText('Event date'), eventDate);
  await user.type(screen.getByLabelText('Number of guests'), '80');
  await user.type(screen.getByLabelText('Event address'), 'The Wharf, Washington, DC');
  await user.click(screen.getByRole('checkbox', { name: 'Chefs & Kitchen Staff' }));
}

const submitButton = () => screen.getByRole('button', { name: quoteForm.submit });

afterEach(() => vi.unstubAllGlobals());

describe('QuotePage', () => {
  it('is an ordinary form too: it posts to its endpoint without JavaScript, naming its language', () => {
    const { container } = renderAt(<QuotePage />, '/request-service');
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', quoteEndpoint);
    expect(form).toHaveAttribute('enctype', 'application/x-www-form-urlencoded');
    expect(form?.querySelector('input[type="hidden"][name="_language"]')).toHaveValue('en');
    // Every field the script sends has its name in the HTML.
    for (const name of Object.keys(emptyQuoteForm)) {
      expect(form?.querySelector(`[name="${name}"]`), name).not.toBeNull();
    }
  });

  it('on an empty submit shows every message under its field and focuses the first', async () => {
    const fetchMock = stubFetch(200);
    const user = userEvent.setup();
    renderAt(<QuotePage />, '/request-service');
    await user.click(submitButton());

    const name = screen.getByLabelText('Full name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(`Error: ${quoteMessages.clientName}`);
    for (const message of [
      quoteMessages.phone,
      quoteMessages.email,
      quoteMessages.eventDate,
      quoteMessages.guestCount,
      quoteMessages.address,
      quoteMessages.services,
    ]) {
      expect(screen.getByRole('link', { name: message })).toBeInTheDocument();
    }
    expect(
      screen.getByRole('group', { name: quoteForm.fields.services.legend }),
    ).toHaveAccessibleDescription(
      `${quoteForm.fields.services.hint} Error: ${quoteMessages.services}`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the body once, clears the draft and focuses the confirmation', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderAt(<QuotePage />, '/request-service');
    await fillQuote(user);
    expect(window.sessionStorage.getItem(QUOTE_DRAFT_KEY)).toContain('Jordan Rivera');

    await user.click(submitButton());
    const sending = await screen.findByRole('button', { name: 'Submitting...' });
    expect(sending).toBeDisabled();
    expect(screen.getByText('Submitting...', { selector: '[role="status"]' })).toBeInTheDocument();
    await user.click(sending);
    answer(new Response('{"ok":true}', { status: 200 }));

    const heading = await screen.findByRole('heading', { name: quoteForm.confirmation.heading });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toStrictEqual({
      clientName: 'Jordan Rivera',
      phone: '2025550134',
      email: 'jordan@example.org',
      eventDate,
      guestCount: '80',
      address: 'The Wharf, Washington, DC',
      services: 'Chefs & Kitchen Staff',
      additionalInfo: '',
    });
    expect(window.sessionStorage.getItem(QUOTE_DRAFT_KEY)).toBeNull();
    const confirmation = screen.getByRole('region', { name: quoteForm.confirmation.heading });
    expect(within(confirmation).getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(
      within(confirmation).getByRole('link', { name: quoteForm.confirmation.phone.display }),
    ).toHaveAttribute('href', `tel:${quoteForm.confirmation.phone.e164}`);
  });

  it('alerts on a failed send and keeps the values and the draft', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt(<QuotePage />, '/request-service');
    await fillQuote(user);
    await user.click(submitButton());
    await waitFor(() => expect(alert).toHaveBeenCalledWith(quoteForm.sendError));
    expect(screen.getByLabelText('Full name')).toHaveValue('Jordan Rivera');
    expect(screen.getByRole('checkbox', { name: 'Chefs & Kitchen Staff' })).toBeChecked();
    expect(submitButton()).toBeEnabled();
    expect(window.sessionStorage.getItem(QUOTE_DRAFT_KEY)).toContain('Jordan Rivera');
  });

  it('restores a saved draft', () => {
    window.sessionStorage.setItem(
      QUOTE_DRAFT_KEY,
      JSON.stringify({ clientName: 'Sam', services: ['Bartenders & Mixologists'] }),
    );
    renderAt(<QuotePage />, '/request-service');
    expect(screen.getByLabelText('Full name')).toHaveValue('Sam');
    expect(screen.getByRole('checkbox', { name: 'Bartenders & Mixologists' })).toBeChecked();
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
  });
});
