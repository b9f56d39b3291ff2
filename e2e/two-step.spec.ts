import { expect, test } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { totpCode, totpStep } from '../server/admin/totp';
import { expectNoAxeViolations } from './fixtures';
import { addUser, twoStepOn } from './receiver-helpers';

// Two-step sign-in in a real browser against the real server (playwright.config.ts starts it):
// the owner turns it on with `npm run admin -- two-step on`, then signs in by keyboard alone with
// the password, then the authenticator's code.
const password = 'a long e2e test password';
const { signIn: text, inbox: inboxText } = adminText;

test('the owner signs in with the password, then the code from the authenticator app, by keyboard', async ({
  page,
}) => {
  const n = Date.now() + test.info().workerIndex;
  const email = `two.step.${n}@example.com`;
  // An address of its own (the server trusts X-Forwarded-For from loopback): no other test's
  // failed sign-ins count against this one.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${(n % 250) + 1}` });
  addUser(email, password);
  const secret = twoStepOn(email);

  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: text.heading })).toBeVisible();
  await page.keyboard.press('Tab'); // the skip link
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(text.email)).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');

  const code = page.getByLabel(text.code);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page);

  // A wrong code first: said under the field, tied to it, and the focus stays there.
  const wrong = totpCode(secret, totpStep(Date.now()) - 5);
  await page.keyboard.type(wrong);
  await page.keyboard.press('Enter');
  await expect(code).toHaveAccessibleDescription(new RegExp(text.codeWrong.slice(0, 30)));
  await expect(code).toBeFocused();
  await expectNoAxeViolations(page);

  await page.keyboard.type(totpCode(secret, totpStep(Date.now())));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: inboxText.heading })).toBeFocused();
  // The wrong code was a failed sign-in; the inbox says so.
  await expect(page.getByText(/^1 failed sign-in to your account/)).toBeVisible();
});
