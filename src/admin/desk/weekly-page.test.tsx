import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { fakeFetch, json, type FakeHandler } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import type { SessionInfo, WeekFigures, WeeklyPicture } from '../contract';

const text = adminText.weekly;
const WEEKLY = 'GET /admin/api/weekly';
const HOUR = 60 * 60 * 1000;
const session: SessionInfo = { email: 'owner@example.com', seenBefore: Date.UTC(2025, 10, 20) };

/** [quotes, applications, responded, median hours] per week, from the week of Monday Sep 1, 2025. */
const rows: [number, number, number, number | null][] = [
  [3, 1, 3, 2.5],
  [5, 2, 4, 6],
  [2, 0, 0, null],
  [4, 3, 4, 1],
  [1, 1, 1, 3],
  [6, 2, 6, 2],
  [2, 4, 2, 3.5],
  [3, 0, 3, 1.5],
  [7, 2, 7, 4],
  [4, 1, 4, 0.5],
  [5, 3, 5, 2],
  [2, 1, 0, null],
];

const weeks: WeekFigures[] = rows.map(([quotes, applications, responded, hours], index) => ({
  // Monday midnight in New York: UTC−4, then UTC−5 from the week of Nov 3 (the clocks go back on Nov 2).
  start: Date.UTC(2025, 8, 1 + 7 * index, index >= 9 ? 5 : 4),
  quotes,
  applications,
  responded,
  medianResponseMs: hours === null ? null : hours * HOUR,
  withinPromise: responded,
}));
const picture: WeeklyPicture = { weeks, promiseMs: 4 * HOUR, funnel: [], pages: [] };

function signedIn(weekly: FakeHandler = () => json(picture)) {
  return fakeFetch({
    'GET /admin/api/session': () => json(session),
    [WEEKLY]: weekly,
    'GET /admin/api/weekly-email': () => json({ on: true, language: 'en' }),
  });
}

async function renderWeekly() {
  window.location.hash = '#/weekly';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: text.heading });
}

function cellsOf(week: string, caption: string = text.tableCaption) {
  const table = screen.getByRole('table', { name: caption });
  const row = within(table).getByRole('rowheader', { name: week }).closest('tr');
  if (!row) throw new Error(`No row for ${week}`);
  return within(row).getAllByRole('cell');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WeeklyPage', () => {
  it('names the business in the header as the session says the live version has it', async () => {
    fakeFetch({
      'GET /admin/api/session': () => json({ ...session, businessName: 'Chesapeake Events' }),
      [WEEKLY]: () => json(picture),
      'GET /admin/api/weekly-email': () => json({ on: true, language: 'en' }),
    });
    await renderWeekly();
    expect(screen.getByRole('banner')).toHaveTextContent(/^Chesapeake Events/);
  });

  it('has its heading, a way back to the inbox and a title', async () => {
    signedIn();
    await renderWeekly();

    expect(screen.getByRole('link', { name: text.back })).toHaveAttribute('href', '#/');
    expect(screen.getByText(text.intro)).toBeVisible();
    await screen.findByRole('table', { name: text.tableCaption });
    expect(document.title).toContain(text.title);
  });

  it('shows every week in the table', async () => {
    signedIn();
    await renderWeekly();
    const table = await screen.findByRole('table', { name: text.tableCaption });

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Week',
      'Quotes',
      'Applications',
      'Replied',
      'Median first response',
      'Within promise',
    ]);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(12);
    expect(cellsOf('Week of Sep 1').map((td) => td.textContent)).toEqual([
      '3',
      '1',
      '3',
      '2.5 h',
      'Yes',
    ]);
    expect(cellsOf('Week of Sep 8').map((td) => td.textContent)).toEqual([
      '5',
      '2',
      '4',
      '6.0 h',
      'No',
    ]);
    // Exactly the promise keeps it.
    expect(cellsOf('Week of Oct 27').map((td) => td.textContent)).toEqual([
      '7',
      '2',
      '7',
      '4.0 h',
      'Yes',
    ]);
  });

  it('writes the weeks without a reply as a dash that says so', async () => {
    signedIn();
    await renderWeekly();
    await screen.findByRole('table', { name: text.tableCaption });

    const [quotes, applications, replied, median, promise] = cellsOf('Week of Sep 15');
    expect([quotes, applications, replied].map((td) => td?.textContent)).toEqual(['2', '0', '0']);
    for (const cell of [median, promise]) {
      if (!cell) throw new Error('Missing cell');
      expect(within(cell).getByText('—')).toHaveAttribute('aria-hidden', 'true');
      expect(within(cell).getByText(text.noReplies)).toHaveClass('sr-only');
    }
    // The latest week, after the clocks went back, is still the week of Monday Nov 17.
    expect(cellsOf('Week of Nov 17')[3]).toHaveTextContent(text.noReplies);
  });

  it('names and describes the quotes and applications chart', async () => {
    signedIn();
    await renderWeekly();

    const chart = await screen.findByRole('img', { name: 'Quotes and applications per week' });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart).toHaveAccessibleDescription(
      'Quotes per week from Sep 1 to Nov 17: 3, 5, 2, 4, 1, 6, 2, 3, 7, 4, 5, 2; ' +
        'applications: 1, 2, 0, 3, 1, 2, 4, 0, 2, 1, 3, 1.',
    );
    // One bar per week and series that is not 0 (the stripes' pattern is no bar).
    const bars = [...chart.querySelectorAll('rect')].filter((rect) => !rect.closest('pattern'));
    expect(bars).toHaveLength(12 + 10);
    expect(screen.getAllByRole('list')[0]).toHaveTextContent(`${text.quotes}${text.applications}`);
  });

  it('names and describes the response chart, with the promise line labelled', async () => {
    signedIn();
    await renderWeekly();

    const chart = await screen.findByRole('img', {
      name: 'Median time to first response per week, in business hours',
    });
    expect(chart).toHaveAccessibleDescription(
      'Median first response per week from Sep 1 to Nov 17: 2.5 h, 6.0 h, no replies, 1.0 h, ' +
        '3.0 h, 2.0 h, 3.5 h, 1.5 h, 4.0 h, 0.5 h, 2.0 h, no replies. ' +
        '9 of 10 weeks with replies within the promise of 4 business hours.',
    );
    expect(within(chart).getByText('Promise: 4 business hours')).toBeInTheDocument();
    // No bar for the two weeks without a reply.
    expect(chart.querySelectorAll('rect')).toHaveLength(10);
  });

  it('says so when the figures cannot be loaded, and tries again', async () => {
    const server = signedIn(() => json({ ok: false, error: 'Server error' }, 500));
    await renderWeekly();
    const user = userEvent.setup();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text.loadFailed);
    expect(screen.queryByRole('table')).toBeNull();

    server.on(WEEKLY, () => json(picture));
    await user.click(within(alert).getByRole('button', { name: text.retry }));

    expect(await screen.findByRole('table', { name: text.tableCaption })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls(WEEKLY)).toHaveLength(2);
  });
});
