import path from 'node:path';
import { createClient } from '@libsql/client';
import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { businessSchedule } from '../src/business-time/schedule';
import { DAY, localDay } from '../src/business-time/time-zone';
import { lastWeekStarts } from '../src/business-time/weeks';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { receiverTest, type Receiver } from './receiver-fixture';
import { postQuote, signInToInbox } from './receiver-helpers';

/**
 * The weekly picture's visits in a real browser, on a phone and a desktop: the counts the counter
 * and its day pass leave in the receiver's database (seeded here), drawn, filtered and tabled.
 */

const owner = { email: 'visits.owner@example.com', password: 'a long e2e test password' };
const test = receiverTest({ folder: 'e2e-weekly-visits-', owner });
const text = adminText.visitsPicture;

const dayString = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** The latest full week's days (Monday first) and today, on the business's calendar. */
function days() {
  const { timeZone } = businessSchedule;
  const starts = lastWeekStarts(Date.now(), 12, businessSchedule);
  const monday = localDay(starts[10] ?? 0, timeZone);
  return { monday, today: localDay(Date.now(), timeZone), weekStart: starts[10] ?? 0 };
}

let seeded = false;
/**
 * Two weeks of counts, once per worker: added up last week, not yet today; and a quote of last
 * week whose visit was not counted (its browser sent Global Privacy Control).
 */
async function seed(page: Page, receiver: Receiver) {
  if (seeded) return;
  seeded = true;
  await postQuote(page.request, 'Private Visitor', { 'Sec-GPC': '1' });
  const client = createClient({
    url: `file:${path.join(receiver.dataDir, 'submissions.db')}`,
    timeout: 5000,
  });
  const { monday, today, weekStart } = days();
  const sources: [string, string, string, string, number, number, number][] = [
    ['en', 'search', 'google', '', 40, 12, 6],
    ['es', 'campaign', 'flyer', 'spring', 10, 6, 3],
    ['en', 'direct', '', '', 50, 2, 0],
  ];
  try {
    for (const [offset, [language, kind, name, campaign, visitors, sawForm, started]] of [
      ...sources.map((row) => [0, row] as const),
      ...sources.map((row) => [3, row] as const),
    ]) {
      await client.execute({
        sql: 'INSERT INTO visit_sources VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        args: [
          dayString(monday + offset),
          language,
          kind,
          name,
          campaign,
          visitors,
          sawForm,
          started,
        ],
      });
    }
    await client.execute({
      sql: "INSERT INTO visitor_days VALUES (?, 'e2e-key', 'es', 'whatsapp', 'whatsapp', '', 'home', 2, 1, 0)",
      args: [dayString(today)],
    });
    for (const [page, language, views] of [
      ['home', 'en', 420],
      ['home', 'es', 75],
      ['quote', 'es', 22],
    ] as const) {
      await client.execute({
        sql: 'INSERT INTO visit_pages VALUES (?, ?, ?, ?)',
        args: [dayString(monday + 1), page, language, views],
      });
    }
    await client.execute({
      sql: 'UPDATE submissions SET received_at = ? WHERE source_kind IS NULL',
      args: [weekStart + DAY + 12 * 60 * 60 * 1000],
    });
  } finally {
    client.close();
  }
}

async function openWeekly(page: Page, receiver: Receiver) {
  await seed(page, receiver);
  await signInToInbox(page, owner.email, owner.password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/admin/#/weekly');
  await expect(page.getByRole('heading', { level: 2, name: text.heading })).toBeVisible();
}

const funnel = (page: Page) => page.getByRole('list', { name: /^The way to a lead, week of / });

for (const width of [390, 1280]) {
  test(`the way to a lead per week, filtered, at ${width} px`, async ({ page, receiver }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 });
    await openWeekly(page, receiver);

    // The latest full week: 200 visitors, 40 saw a form page (20%).
    const steps = funnel(page).getByRole('listitem');
    await expect(steps.nth(0)).toHaveText(`${text.steps.visitors}200`);
    await expect(steps.nth(1)).toHaveText(`${text.steps.sawForm}40 · 20% of visitors`);
    // The quote of no known visit is not a step of the funnel: a line under it, its own source.
    await expect(steps.nth(3)).toHaveText(`${text.steps.sent}0 · 0% of visitors`);
    await expect(page.getByText(text.unknownNote(1))).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: text.sourcesCaption })
        .getByRole('row', { name: new RegExp(`^${text.unknown}`) })
        .getByRole('cell'),
    ).toHaveText([`${text.noVisitors}${text.notCounted}`, '1']);
    await expect(page.getByRole('img', { name: text.visitorsTitle })).toHaveAccessibleDescription(
      /, 200, 1\.$/,
    );

    await page
      .getByLabel(text.language, { exact: true })
      .selectOption({ label: text.languages.es });
    await expect(steps.nth(0)).toHaveText(`${text.steps.visitors}20`);
    await expect(steps.nth(2)).toHaveText(`${text.steps.started}6 · 30% of visitors`);
    const sources = page.getByRole('table', { name: text.sourcesCaption });
    await expect(sources.getByRole('rowheader')).toHaveText([
      'Campaign "flyer" (campaign: spring)',
      'WhatsApp',
    ]);
    const pages = page.getByRole('table', { name: text.pagesCaption });
    await expect(pages.getByRole('row', { name: /^Home/ }).getByRole('cell')).toHaveText([
      '420',
      '75',
      '495',
    ]);

    // The sources table fits a phone: a long source wraps rather than push the caption off screen.
    const sourcesBox = page.getByRole('region', { name: text.sourcesCaption });
    expect(
      await sourcesBox.evaluate((box) => box.scrollWidth - box.clientWidth),
      'the sources table scrolls sideways',
    ).toBeLessThanOrEqual(0);

    await expectNoAxeViolations(page);
    // The tables scroll inside their own boxes on a phone; the page itself does not.
    await expectNoHorizontalScroll(page);
    await page
      .getByRole('region', { name: text.heading })
      .screenshot({ path: test.info().outputPath(`weekly-visits-${width}.png`) });

    // By keyboard: from one filter to the next.
    await page.getByLabel(text.source, { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(text.week, { exact: true })).toBeFocused();
  });
}
