import { expect, type Page, type Request } from '@playwright/test';

/** A local calendar date `days` from today, as a date input takes it. */
export function isoDateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

type Answer = number | 'abort';

/**
 * Intercepts a form endpoint: answers with a status (or aborts the request when 'abort'; a
 * function gives each request its own answer) and records every request, so that a test can
 * assert what was sent and how often.
 */
export async function interceptForm(
  page: Page,
  path: string,
  answers: Answer | (() => Answer) = 200,
  options: { release?: Promise<void> } = {},
) {
  const requests: Request[] = [];
  await page.route(`**${path}`, async (route) => {
    requests.push(route.request());
    await options.release;
    const answer = typeof answers === 'function' ? answers() : answers;
    if (answer === 'abort') return route.abort('failed');
    return route.fulfill({
      status: answer,
      contentType: 'application/json',
      body: JSON.stringify(answer < 400 ? { ok: true, id: 'test' } : { ok: false, error: 'x' }),
    });
  });
  return requests;
}

/** Records every browser dialog (accepting it) so that a test can assert the alert text. */
export function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** The visible error under a field (tied to it through aria-describedby). */
export async function expectFieldError(page: Page, fieldId: string, message: string) {
  const error = page.locator(`#${fieldId}-error`);
  await expect(error).toHaveText(`Error: ${message}`);
  await expect(error).toBeVisible();
  const field = page.locator(`#${fieldId}`);
  await expect(field).toHaveAttribute('aria-describedby', new RegExp(`\\b${fieldId}-error\\b`));
}

/**
 * The fields a form's script sent, without its proof of work's answer (`altcha`, different on
 * every send, and sent only when it was solved in time; e2e/spam.spec.ts checks it).
 */
export function sentFields(request: Request | undefined): Record<string, unknown> {
  const { altcha, ...fields } = (request?.postDataJSON() ?? {}) as Record<string, unknown>;
  expect(altcha === undefined || typeof altcha === 'string').toBe(true);
  return fields;
}
