import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { applicationBody, quoteBody } from '../server/testing/fixtures';
import { bodyText, type Received } from '../server/testing/smtp';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { receiverTest, type Receiver } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';

/**
 * Replies from the inbox (issue 46) against `npm start`'s server with e-mail on: a real SMTP
 * server keeps what the outbox sends, so the acknowledgement and the reply are read as they left.
 */

const password = 'a long e2e replies password';
// Long, as a real mailbox can be: the history and the conversation wrap it on a phone.
const owner = 'replies.owner.of.potomac.staffing.events@example.com';
const test = receiverTest({
  folder: 'e2e-replies-',
  mail: true,
  owner: { email: owner, password },
});

const composerText = adminText.composer;
const submissionText = adminText.submission;

let counter = 0;
/** An address and a name no other test uses. */
function visitor(label: string) {
  counter += 1;
  const n = Date.now() % 1_000_000;
  return {
    email: `${label}.${n}.${test.info().workerIndex}.${counter}@example.org`,
    suffix: `${label} ${counter}`,
  };
}

/** RFC 2047's encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) as the text they encode. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** A header of a raw message, its folded lines joined and its encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}

const to = (receiver: Receiver, address: string) =>
  receiver.mail.filter((mail) => mail.to.includes(address));

async function mailTo(receiver: Receiver, address: string, count: number): Promise<Received[]> {
  await expect.poll(() => to(receiver, address).length, { timeout: 15_000 }).toBe(count);
  return to(receiver, address);
}

/** The acknowledgement the visitor got, and the reply after it. */
function acknowledgementAndReply(mails: Received[]) {
  const acknowledgement = mails.find((mail) => header(mail.raw, 'Auto-Submitted'));
  const reply = mails.find((mail) => !header(mail.raw, 'Auto-Submitted'));
  if (!acknowledgement || !reply) throw new Error('expected an acknowledgement and a reply');
  return { acknowledgement, reply };
}

async function signIn(page: Page) {
  await signInToInbox(page, owner, password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
}

/** The 'Needs a reply' tab's count. */
async function needsReplyCount(page: Page): Promise<number> {
  await page.goto('/admin/#/');
  const tab = page.getByRole('link', { name: new RegExp(`^${adminText.inbox.needsReply}`) });
  await expect(tab).toContainText(/\d/);
  return Number(/(\d+)/.exec((await tab.textContent()) ?? '')?.[1]);
}

/** Presses Tab until the element is focused (keyboard only), then Enter. */
async function tabToAndPress(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

test('at 390 px, by keyboard only: an English quote answered from its template keeps the promise', async ({
  page,
  receiver,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email, suffix } = visitor('quote');
  const name = `Jordan Rivera ${suffix}`;
  const posted = await page.request.post('/api/forms/quote', {
    data: quoteBody(1, { email, clientName: name }),
  });
  expect(posted.status()).toBe(200);
  const { id } = (await posted.json()) as { id: string };
  await signIn(page);
  const before = await needsReplyCount(page);
  // The desk's mark on its row: a reply is due.
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row.first()).toContainText('Respond by');

  // The submission's shared link, opened cold; then the keyboard alone.
  await page.goto(`/admin/#/submissions/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await tabToAndPress(page, page.getByRole('link', { name: submissionText.replyHere }));
  await expect(
    page.getByRole('heading', { level: 1, name: composerText.heading(name) }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: composerText.to })).toHaveValue(email);
  const body = page.getByRole('textbox', { name: composerText.body });
  await expect(body).toHaveValue(new RegExp(`Jordan Rivera ${suffix}`));
  const send = page.getByRole('button', { name: composerText.send });
  // One screen on a phone: Send is in view without scrolling.
  await expect(send).toBeInViewport();
  await expectNoHorizontalScroll(page);
  const subject = await page.getByRole('textbox', { name: composerText.subject }).inputValue();
  expect(subject).toMatch(/^Re: /);
  await tabToAndPress(page, send);

  await expect(page.getByText(submissionText.replySent(email))).toBeVisible();
  const history = page
    .getByRole('list')
    .filter({ hasText: submissionText.replyEvent(owner, true) });
  await expect(history).toHaveCount(1);

  const { acknowledgement, reply } = acknowledgementAndReply(await mailTo(receiver, email, 2));
  const ackId = header(acknowledgement.raw, 'Message-ID');
  expect(header(reply.raw, 'Subject')).toBe(subject);
  expect(subject).toBe(`Re: ${header(acknowledgement.raw, 'Subject')}`);
  expect(header(reply.raw, 'In-Reply-To')).toBe(ackId);
  expect(header(reply.raw, 'References')).toContain(ackId);
  expect(bodyText(reply.raw)).toContain(name);

  // Delivered, said on the page; the promise met: no longer waiting for a reply.
  await page.reload();
  const conversation = page.getByRole('region', { name: submissionText.conversation });
  await expect(conversation).toContainText(name);
  // The owner's long address in the history and the conversation wraps: nothing scrolls sideways.
  await expectNoHorizontalScroll(page);
  expect(await needsReplyCount(page)).toBe(before - 1);
  // The promise met: the desk marks no reply due on its row any more.
  await expect(row.first()).toBeVisible();
  await expect(row.first()).not.toContainText('Respond by');
});

test('at 1280 px: a Spanish application answered in Spanish, and a second reply threads to the first', async ({
  page,
  receiver,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { email, suffix } = visitor('solicitud');
  const name = `Camila Torres ${suffix}`;
  const posted = await page.request.post('/api/forms/application', {
    data: applicationBody(1, { email, fullName: name }),
    headers: { 'content-language': 'es' },
  });
  expect(posted.status()).toBe(200);
  const { id } = (await posted.json()) as { id: string };
  await signIn(page);
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('link', { name: submissionText.replyHere }).click();

  const languages = page.getByRole('group', { name: composerText.language });
  await expect(languages.getByRole('radio', { name: composerText.languages.es })).toBeChecked();
  await expect(page.getByRole('combobox', { name: composerText.template })).toHaveValue(/.+/);
  const body = page.getByRole('textbox', { name: composerText.body });
  await expect(body).toHaveValue(new RegExp(name));
  await expect(body).toHaveValue(/(Hola|Estimad|Gracias)/);
  await expect(page.getByText(composerText.noSpanish)).toHaveCount(0);
  await body.press('End');
  await body.pressSequentially('\nPuede venir el martes a las 10.');
  await page.getByRole('button', { name: composerText.send }).click();
  await expect(page.getByText(submissionText.replySent(email))).toBeVisible();

  const first = acknowledgementAndReply(await mailTo(receiver, email, 2));
  const ackId = header(first.acknowledgement.raw, 'Message-ID');
  expect(header(first.reply.raw, 'In-Reply-To')).toBe(ackId);
  expect(header(first.reply.raw, 'Content-Type')).toMatch(/^text\/plain/);
  expect(bodyText(first.reply.raw)).toContain('Puede venir el martes a las 10.');
  expect(header(first.reply.raw, 'Subject')).toMatch(/^Re: /);

  // A second reply answers the first: one conversation in the visitor's mail.
  await page.goto(`/admin/#/submissions/${id}/reply`);
  await expect(body).toHaveValue(new RegExp(name));
  await page.getByRole('button', { name: composerText.send }).click();
  await expect(page.getByText(submissionText.replySent(email))).toBeVisible();
  const mails = await mailTo(receiver, email, 3);
  const second = mails.find((mail) => mail !== first.reply && mail !== first.acknowledgement);
  const firstId = header(first.reply.raw, 'Message-ID');
  expect(header(second?.raw ?? '', 'In-Reply-To')).toBe(firstId);
  expect(header(second?.raw ?? '', 'References')).toContain(ackId);
  expect(header(second?.raw ?? '', 'References')).toContain(firstId);
  await expect(
    page.getByText(submissionText.replyEvent(owner, false), { exact: true }),
  ).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`the composer and the templates page have no axe violations at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 });
    const { email, suffix } = visitor(`axe${width}`);
    const posted = await page.request.post('/api/forms/quote', {
      data: quoteBody(2, { email, clientName: `Axe Visitor ${suffix}` }),
    });
    const { id } = (await posted.json()) as { id: string };
    await signIn(page);
    await page.goto(`/admin/#/submissions/${id}/reply`);
    await expect(page.getByRole('button', { name: composerText.send })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await page.goto('/admin/#/templates');
    await expect(
      page.getByRole('heading', { level: 1, name: adminText.templates.heading }),
    ).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
  });
}
