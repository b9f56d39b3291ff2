import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { fakeFetch, json } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import type { InboxItem, InboxPage, SessionInfo } from '../contract';

/** The staffing desk in the inbox: deadlines, 'Needs a reply', the roster, readable phones. */

const text = adminText.inbox;
const SUBMISSIONS = 'GET /admin/api/submissions';
const HOUR = 60 * 60 * 1000;
const session: SessionInfo = { email: 'owner@example.com', seenBefore: 0 };

const lateQuote: InboxItem = {
  id: 'q-late',
  form: 'quote',
  receivedAt: Date.parse('2026-11-20T11:00:00-05:00'),
  status: 'new',
  fields: { clientName: 'Jordan Rivera', phone: '202.555.0143', guestCount: '80' },
  attachments: 0,
  respondBy: Date.parse('2026-11-20T15:00:00-05:00'),
  quoteBy: Date.parse('2026-11-21T11:00:00-05:00'),
};
const freshQuote: InboxItem = {
  ...lateQuote,
  id: 'q-fresh',
  fields: { clientName: 'Grace Kim' },
  respondBy: Date.now() + 3 * HOUR,
  quoteBy: Date.now() + 24 * HOUR,
};
const applicant: InboxItem = {
  id: 'a-1',
  form: 'application',
  receivedAt: Date.parse('2026-11-20T11:00:00-05:00'),
  status: 'new',
  fields: {
    fullName: 'Ana López',
    positionInterest: ['Bartender'],
    languages: ['Spanish', 'English'],
    availability: ['Friday', 'Saturday'],
  },
  attachments: 0,
  respondBy: null,
  quoteBy: null,
};
const page: InboxPage = {
  items: [lateQuote, freshQuote, applicant],
  next: null,
  counts: { new: 3, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 2, overdue: 1 },
};

function signedIn() {
  return fakeFetch({
    'GET /admin/api/session': () => json(session),
    [SUBMISSIONS]: () => json(page),
  });
}

async function renderInbox(hash = '#/') {
  window.location.hash = hash;
  render(<AdminApp />);
  await screen.findByRole('link', { name: 'Jordan Rivera' });
}

const rowOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('the promise in the inbox', () => {
  it("shows each open quote's respond-by and quote-by times, and marks the overdue", async () => {
    signedIn();
    await renderInbox();

    const late = rowOf('Jordan Rivera');
    expect(late).toHaveTextContent(text.respondBy('Fri, Nov 20, 3:00 PM EST'));
    expect(late).toHaveTextContent(text.quoteBy('Sat, Nov 21, 11:00 AM EST'));
    expect(within(late).getByText(text.overdue)).toBeVisible();
    const fresh = rowOf('Grace Kim');
    expect(fresh).toHaveTextContent(/Respond by/);
    expect(within(fresh).queryByText(text.overdue)).toBeNull();
    expect(rowOf('Ana López')).not.toHaveTextContent(/Respond by/);
  });

  it("shows an applicant's reply due once their answer waits, marked overdue, with no quote-by", async () => {
    fakeFetch({
      'GET /admin/api/session': () => json(session),
      [SUBMISSIONS]: () =>
        json({ ...page, items: [lateQuote, { ...applicant, respondBy: lateQuote.respondBy }] }),
    });
    await renderInbox();
    const answered = rowOf('Ana López');
    expect(answered).toHaveTextContent(text.respondBy('Fri, Nov 20, 3:00 PM EST'));
    expect(within(answered).getByText(text.overdue)).toBeVisible();
    expect(answered).not.toHaveTextContent(/Quote by/);
  });

  it("has a 'Needs a reply' view with its counts, asked of the server", async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await renderInbox();
    const tabs = screen.getByRole('navigation', { name: text.statusLabel });
    const needsReply = within(tabs).getByRole('link', {
      name: `${text.needsReply} 2 ${text.overdueCount(1)}`,
    });
    expect(needsReply).toHaveAttribute('href', '#/?view=needs-reply');

    await user.click(needsReply);
    await waitFor(() => expect(api.calls(SUBMISSIONS)).toHaveLength(2));
    expect(api.calls(SUBMISSIONS)[1]?.url.searchParams.get('view')).toBe('needs-reply');
    expect(needsReply).toHaveAttribute('aria-current', 'true');
    expect(within(tabs).getByRole('link', { name: /^All/ })).not.toHaveAttribute('aria-current');
  });
});

describe('the applicant roster', () => {
  it('shows positions, languages and days on each applicant row', async () => {
    signedIn();
    await renderInbox();
    const row = rowOf('Ana López');
    expect(within(row).getByText('Bartender')).toBeVisible();
    expect(within(row).getByText('Spanish, English')).toBeVisible();
    expect(within(row).getByText('Friday, Saturday')).toBeVisible();
  });

  it('filters by ticks kept in the address, and exports exactly that roster', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await renderInbox();

    await user.click(screen.getByText(text.roster.heading));
    const positions = screen.getByRole('group', { name: text.roster.position });
    await user.click(within(positions).getByRole('checkbox', { name: 'Bartender' }));
    const languages = screen.getByRole('group', { name: text.roster.language });
    await user.click(within(languages).getByRole('checkbox', { name: 'Spanish' }));

    await waitFor(() => expect(api.calls(SUBMISSIONS)).toHaveLength(3));
    const asked = api.calls(SUBMISSIONS)[2]?.url.searchParams;
    expect(asked?.get('form')).toBe('application');
    expect(asked?.getAll('position')).toEqual(['Bartender']);
    expect(asked?.getAll('language')).toEqual(['Spanish']);
    expect(window.location.hash).toBe('#/?position=Bartender&form=application&language=Spanish');
    const exported = new URL(
      screen.getByRole('link', { name: text.export }).getAttribute('href') ?? '',
      'http://x',
    ).searchParams;
    expect(exported.getAll('position')).toEqual(['Bartender']);
    expect(exported.getAll('language')).toEqual(['Spanish']);
  });
});

describe('phone numbers', () => {
  it('are written the US way and call in E.164', async () => {
    signedIn();
    await renderInbox();
    expect(
      within(rowOf('Jordan Rivera')).getByRole('link', { name: '(202) 555-0143' }),
    ).toHaveAttribute('href', 'tel:+12025550143');
  });
});
