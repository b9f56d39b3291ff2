import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteEditorText } from '../../../content/admin-site';
import { hoursEditorText } from '../../../content/admin-hours';
import type { ClosedDay, DayHours } from '../../../content/opening-hours';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { AdminApp } from '../../admin-app';
// Loaded up front: the app loads it lazily, and a cold import is slower than findBy's wait.
import '../part-page';
import type { SiteOverview } from '../../site-contract';
import { federalHolidaysFrom } from '../../../business-time/holidays';
import { withFederalHolidays } from './closed-days-field';

const SAVE = 'PATCH /admin/api/site/draft';
const words = hoursEditorText;

function signedIn(fields: Record<string, unknown> = {}) {
  const site: SiteOverview = {
    live: { version: 0, publishedAt: null, publishedBy: null },
    published: {},
    draft: { revision: 7, fields, updatedAt: null, updatedBy: null },
    checklist: [],
  };
  return fakeFetch({
    'GET /admin/api/session': () => json({ email: 'owner@example.com', seenBefore: 0 }),
    'GET /admin/api/site': () => json(site),
    [SAVE]: () => json({ ok: true, revision: 8, updatedAt: Date.now() }),
  });
}

async function openBusinessPart() {
  window.location.hash = '#/site/business';
  render(<AdminApp />);
  await screen.findByRole('button', { name: siteEditorText.editor.save });
}

async function savedFields(
  api: ReturnType<typeof signedIn>,
  user: ReturnType<typeof userEvent.setup>,
) {
  await user.click(screen.getByRole('button', { name: siteEditorText.editor.save }));
  await screen.findByText(siteEditorText.editor.saved);
  return (api.calls(SAVE)[0]?.body as { set: Record<string, unknown> }).set;
}

afterEach(() => vi.unstubAllGlobals());

describe('the opening hours in the site editor', () => {
  it('opens a day by its tick box, with its own times, and says when a day closes before it opens', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await openBusinessPart();
    const week = screen.getByRole('group', { name: 'Opening hours' });

    expect(within(week).getByRole('checkbox', { name: 'Open on Monday' })).toBeChecked();
    const saturday = within(week).getByRole('checkbox', { name: 'Open on Saturday' });
    expect(saturday).not.toBeChecked();
    expect(within(week).queryByLabelText('Saturday Opens')).toBeNull();

    await user.click(saturday);
    const opens = within(week).getByLabelText('Saturday Opens');
    const closes = within(week).getByLabelText('Saturday Closes');
    expect(opens).toHaveValue('09:00');
    await user.clear(closes);
    await user.type(closes, '08:00');
    expect(week).toHaveAccessibleDescription(
      expect.stringContaining('Saturday: the closing time must be later than the opening time.'),
    );
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    await user.clear(closes);
    await user.type(closes, '13:30');
    expect(closes).not.toHaveAttribute('aria-invalid');

    const fields = await savedFields(api, user);
    const sent = fields['business/openingHours'] as DayHours[];
    expect(sent.find((day) => day.day === 'Saturday')).toEqual({
      day: 'Saturday',
      open: true,
      opens: '09:00',
      closes: '13:30',
    });
  });
});

describe('the closed days in the site editor', () => {
  it('adds the federal holidays in one tap, a day of its own, and removes one', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await openBusinessPart();
    const closed = screen.getByRole('group', { name: 'Closed days' });
    expect(within(closed).getByText(words.closedDays.none)).toBeInTheDocument();

    const year = new Date().getFullYear();
    await user.click(
      within(closed).getByRole('button', { name: words.closedDays.addHolidays(year, year + 1) }),
    );
    expect(within(closed).getByRole('status')).toHaveTextContent(/^2[23] holidays added\.$/);
    const count = within(closed).getAllByRole('listitem').length;
    expect(within(closed).getByLabelText('Closed day 1: Name (optional)')).toHaveValue(
      words.holidays.newYear,
    );

    await user.click(within(closed).getByRole('button', { name: words.closedDays.add }));
    const date = within(closed).getByLabelText(`Closed day ${count + 1}: Date`);
    // Focus moves on the next frame, once the new row is drawn.
    await waitFor(() => expect(date).toHaveFocus());
    await user.type(date, '2026-12-24');
    await user.type(
      within(closed).getByLabelText(`Closed day ${count + 1}: Name (optional)`),
      'Staff day',
    );

    const first = federalHolidaysFrom(year)[0]?.date ?? '';
    await user.click(within(closed).getByRole('button', { name: `Remove ${first}` }));
    expect(within(closed).queryByDisplayValue(first)).toBeNull();
    const fields = await savedFields(api, user);
    const sent = fields['business/closedDays'] as ClosedDay[];
    expect(sent).toHaveLength(count);
    expect(sent.at(-1)).toEqual({ date: '2026-12-24', note: 'Staff day' });
  });

  it('removes the days already past in one tap', async () => {
    const future = { date: '2099-01-01', note: 'Future' };
    const api = signedIn({ 'business/closedDays': [{ date: '2020-01-01', note: 'Old' }, future] });
    const user = userEvent.setup();
    await openBusinessPart();
    const closed = screen.getByRole('group', { name: 'Closed days' });
    await user.click(within(closed).getByRole('button', { name: words.closedDays.removePast(1) }));
    expect(within(closed).getByRole('status')).toHaveTextContent(words.closedDays.pastRemoved(1));
    expect(within(closed).queryByRole('button', { name: /past/ })).toBeNull();
    expect((await savedFields(api, user))['business/closedDays']).toEqual([future]);
  });

  it('adds no holiday twice, keeps the dates in order, and names the observed ones', () => {
    const mine = [{ date: '2026-11-26', note: 'Thanksgiving' }];
    const days = withFederalHolidays(mine, 2026);
    expect(days.filter((day) => day.date === '2026-11-26')).toEqual(mine);
    expect(days.map((day) => day.date)).toEqual(days.map((day) => day.date).sort());
    expect(days.find((day) => day.date === '2026-07-03')?.note).toBe('Independence Day (observed)');
    expect(withFederalHolidays(days, 2026)).toEqual(days);
  });
});
