import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { fakeFetch, json } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import type { FunnelRow, SessionInfo, WeekFigures, WeeklyPicture } from '../contract';

const text = adminText.visitsPicture;
const HOUR = 60 * 60 * 1000;
const session: SessionInfo = { email: 'owner@example.com', seenBefore: Date.UTC(2025, 10, 20) };

// Twelve weeks from Monday Sep 1, 2025 (New York: UTC−4, then UTC−5 from Nov 3).
const weeks: WeekFigures[] = Array.from({ length: 12 }, (_, index) => ({
  start: Date.UTC(2025, 8, 1 + 7 * index, index >= 9 ? 5 : 4),
  quotes: 1,
  applications: 0,
  responded: 1,
  medianResponseMs: HOUR,
  withinPromise: 1,
}));

const funnelRow = (
  week: number,
  language: 'en' | 'es',
  [kind, name, campaign]: [FunnelRow['kind'], string, string],
  [visitors, sawForm, started, sent, replied]: number[],
): FunnelRow => ({
  week,
  language,
  kind,
  name,
  campaign,
  visitors: visitors ?? 0,
  sawForm: sawForm ?? 0,
  started: started ?? 0,
  sent: sent ?? 0,
  replied: replied ?? 0,
});

const google: [FunnelRow['kind'], string, string] = ['search', 'google', ''];
const flyer: [FunnelRow['kind'], string, string] = ['campaign', 'flyer', 'spring'];
const direct: [FunnelRow['kind'], string, string] = ['direct', '', ''];
const unknown: [FunnelRow['kind'], string, string] = ['unknown', '', ''];

const picture: WeeklyPicture = {
  weeks,
  promiseMs: 4 * HOUR,
  funnel: [
    funnelRow(0, 'es', flyer, [2, 1, 1, 1, 0]),
    // The latest full week, Nov 10: 100 visitors in all.
    funnelRow(10, 'en', google, [40, 10, 5, 3, 2]),
    funnelRow(10, 'es', flyer, [10, 6, 4, 2, 1]),
    funnelRow(10, 'en', direct, [50, 4, 1, 1, 1]),
    funnelRow(11, 'en', direct, [7, 1, 0, 0, 0]),
  ],
  pages: [
    { week: 10, page: 'home', language: 'en', views: 300 },
    { week: 10, page: 'home', language: 'es', views: 40 },
    { week: 11, page: 'home', language: 'en', views: 20 },
    { week: 10, page: 'quote', language: 'es', views: 12 },
  ],
};

async function renderVisits(shown: WeeklyPicture = picture) {
  fakeFetch({
    'GET /admin/api/session': () => json(session),
    'GET /admin/api/weekly': () => json(shown),
  });
  window.location.hash = '#/weekly';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 2, name: text.heading });
}

/** The funnel's steps as written: 'Saw a form page20 · 20% of visitors'. */
function funnelSteps(week: string) {
  const list = screen.getByRole('list', { name: text.funnelTitle(week) });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

function cells(caption: string, head: string) {
  const table = screen.getByRole('table', { name: caption });
  const row = within(table).getByRole('rowheader', { name: head }).closest('tr');
  if (!row) throw new Error(`No row ${head}`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

const visitorsChart = () => screen.getByRole('img', { name: text.visitorsTitle });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the weekly picture’s visits', () => {
  it('shows the latest full week’s way to a lead with each step’s share of visitors', async () => {
    await renderVisits();

    expect(funnelSteps('Nov 10')).toEqual([
      'Visitors100',
      'Saw a form page20 · 20% of visitors',
      'Started a form10 · 10% of visitors',
      'Sent6 · 6% of visitors',
      'Replied to4 · 4% of visitors',
    ]);
    expect(cells(text.tableCaption, 'Week of Nov 10')).toEqual(['100', '20', '10', '6', '4']);
    expect(cells(text.tableCaption, 'Week of Nov 17')).toEqual(['7', '1', '0', '0', '0']);
  });

  it('describes the visitors chart in words, as the filters have it', async () => {
    await renderVisits();
    const user = userEvent.setup();

    expect(visitorsChart()).toHaveAccessibleDescription(
      'Visitors per week from Sep 1 to Nov 17 (all languages, all sources): ' +
        '2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 7.',
    );
    await user.selectOptions(screen.getByLabelText(text.language), text.languages.es);
    expect(visitorsChart()).toHaveAccessibleDescription(
      'Visitors per week from Sep 1 to Nov 17 (the Spanish site, all sources): ' +
        '2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0.',
    );
    await user.selectOptions(screen.getByLabelText(text.source), 'Search (Google)');
    expect(visitorsChart()).toHaveAccessibleDescription(
      'Visitors per week from Sep 1 to Nov 17 (the Spanish site, Search (Google)): ' +
        '0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.',
    );
    // A bar for each week with visitors, none for the others.
    expect(visitorsChart().querySelectorAll('rect')).toHaveLength(0);
  });

  it('counts only the language chosen, in the funnel and the table', async () => {
    await renderVisits();
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText(text.language), text.languages.es);

    expect(funnelSteps('Nov 10')).toEqual([
      'Visitors10',
      'Saw a form page6 · 60% of visitors',
      'Started a form4 · 40% of visitors',
      'Sent2 · 20% of visitors',
      'Replied to1 · 10% of visitors',
    ]);
    expect(cells(text.tableCaption, 'Week of Nov 17')).toEqual(['0', '0', '0', '0', '0']);
    // The sources of Spanish visits only.
    const sources = screen.getByRole('table', { name: text.sourcesCaption });
    expect(
      within(sources)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Campaign "flyer" (campaign: spring)']);
  });

  it('counts only the source chosen, named in words, and any week chosen', async () => {
    await renderVisits();
    const user = userEvent.setup();
    const source = screen.getByLabelText(text.source);

    expect(
      within(source)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      text.allSources,
      'Direct',
      'Search (Google)',
      'Campaign "flyer" (campaign: spring)',
    ]);
    await user.selectOptions(source, 'Campaign "flyer" (campaign: spring)');
    expect(funnelSteps('Nov 10')[0]).toBe('Visitors10');
    expect(cells(text.tableCaption, 'Week of Sep 1')).toEqual(['2', '1', '1', '1', '0']);
    expect(cells(text.tableCaption, 'Week of Nov 10')).toEqual(['10', '6', '4', '2', '1']);

    await user.selectOptions(screen.getByLabelText(text.week), 'Week of Sep 1');
    expect(funnelSteps('Sep 1')).toEqual([
      'Visitors2',
      'Saw a form page1 · 50% of visitors',
      'Started a form1 · 50% of visitors',
      'Sent1 · 50% of visitors',
      'Replied to0 · 0% of visitors',
    ]);
    // A week without visitors has no share to give.
    await user.selectOptions(screen.getByLabelText(text.week), 'Week of Sep 8');
    expect(funnelSteps('Sep 8')[1]).toBe(`Saw a form page0 · ${text.noShare}`);
  });

  it('shows visitors and leads by source, and page views by page and language', async () => {
    await renderVisits();

    expect(cells(text.sourcesCaption, 'Direct')).toEqual(['57', '1']);
    expect(cells(text.sourcesCaption, 'Search (Google)')).toEqual(['40', '3']);
    expect(cells(text.sourcesCaption, 'Campaign "flyer" (campaign: spring)')).toEqual(['12', '3']);
    expect(cells(text.pagesCaption, 'Home')).toEqual(['320', '40', '360']);
    expect(cells(text.pagesCaption, 'Quote request')).toEqual(['0', '12', '12']);
    expect(cells(text.pagesCaption, 'Privacy')).toEqual(['0', '0', '0']);
  });

  it('leaves the leads of no known visit out of the funnel, with a line under it', async () => {
    // Nov 10: 4 direct visitors, none sent; 7 leads whose visit was not counted (GPC), 6 English.
    await renderVisits({
      ...picture,
      funnel: [
        funnelRow(10, 'en', direct, [4, 1, 1, 0, 0]),
        funnelRow(10, 'en', unknown, [0, 0, 0, 6, 1]),
        funnelRow(10, 'es', unknown, [0, 0, 0, 1, 0]),
      ],
    });
    const user = userEvent.setup();
    const note = () => screen.queryByText(/whose visit was not counted\.$/);

    const steps = funnelSteps('Nov 10');
    expect(steps).toEqual([
      'Visitors4',
      'Saw a form page1 · 25% of visitors',
      'Started a form1 · 25% of visitors',
      'Sent0 · 0% of visitors',
      'Replied to0 · 0% of visitors',
    ]);
    // No share above 100%.
    for (const step of steps) {
      const share = /(\d+)% of visitors/.exec(step ?? '');
      expect(Number(share?.[1] ?? 0)).toBeLessThanOrEqual(100);
    }
    expect(note()).toHaveTextContent(text.unknownNote(7));
    expect(cells(text.tableCaption, 'Week of Nov 10')).toEqual(['4', '1', '1', '0', '0']);
    // In the sources table, last, with its leads and no visitors (not counted, not 0).
    const sources = screen.getByRole('table', { name: text.sourcesCaption });
    expect(
      within(sources)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Direct', text.unknown]);
    expect(cells(text.sourcesCaption, text.unknown)).toEqual([
      `${text.noVisitors}${text.notCounted}`,
      '7',
    ]);
    expect(screen.getByText(text.unknownHint)).toBeVisible();

    await user.selectOptions(screen.getByLabelText(text.language), text.languages.en);
    expect(note()).toHaveTextContent(text.unknownNote(6));
    await user.selectOptions(screen.getByLabelText(text.week), 'Week of Nov 17 (still running)');
    expect(note()).toBeNull();

    // Chosen as a source: its leads and replies, and no share of visitors it does not have.
    await user.selectOptions(screen.getByLabelText(text.week), 'Week of Nov 10');
    await user.selectOptions(screen.getByLabelText(text.source), text.unknown);
    expect(funnelSteps('Nov 10')).toEqual([
      'Visitors0',
      `Saw a form page0 · ${text.noShare}`,
      `Started a form0 · ${text.noShare}`,
      `Sent6 · ${text.noShare}`,
      `Replied to1 · ${text.noShare}`,
    ]);
    expect(note()).toBeNull();
  });
});
