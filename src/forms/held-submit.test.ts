import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_ERROR_ATTRIBUTE,
  holdEarlySubmits,
  SUBMIT_HELD_ATTRIBUTE,
  type SubmitHold,
} from './held-submit';

/** A page with its first script's element and one of the app's forms (a draft key, a button). */
function page({ firstScript = true } = {}) {
  document.head.innerHTML = firstScript ? '<script data-app-entry="/assets/app.js"></script>' : '';
  document.body.innerHTML = `
    <form id="quote" data-draft-key="quote-draft" method="post" action="/api/forms/quote" novalidate>
      <input name="clientName" value="Ana">
      <button type="submit" data-busy-label="Submitting...">Request Quote</button>
    </form>`;
  const form = document.querySelector('form') as HTMLFormElement;
  const button = form.querySelector('button') as HTMLButtonElement;
  return { form, button };
}

/** The submits that got past the hold (to React, or on to the browser's own post). */
function recordPassed() {
  const recorder = {
    passed: [] as { submitter: HTMLElement | null; prevented: boolean }[],
    form: undefined as EventTarget | null | undefined,
    stop: () => window.removeEventListener('submit', record),
  };
  function record(event: SubmitEvent) {
    recorder.passed.push({ submitter: event.submitter, prevented: event.defaultPrevented });
    recorder.form = event.target;
    event.preventDefault(); // jsdom cannot navigate
  }
  window.addEventListener('submit', record);
  return recorder;
}

const flushObservers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('a Send before the app runs the form', () => {
  let hold: SubmitHold;
  let recorder: ReturnType<typeof recordPassed>;

  beforeEach(() => {
    recorder = recordPassed();
  });

  afterEach(() => {
    hold.stop();
    recorder.stop();
    vi.useRealTimers();
  });

  it('is held, marked on the form, and starts the app', () => {
    hold = holdEarlySubmits();
    const start = vi.fn();
    hold.whenHeld(start);
    const { form, button } = page();
    button.click();
    expect(recorder.passed).toEqual([]);
    expect(form).toHaveAttribute(SUBMIT_HELD_ATTRIBUTE, '');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts the app as soon as the page's first script asks, when the Send came before it", () => {
    hold = holdEarlySubmits();
    page().button.click();
    const start = vi.fn();
    hold.whenHeld(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('goes to the app once it runs the form, once, with the button that sent it', async () => {
    hold = holdEarlySubmits();
    hold.whenHeld(() => {});
    const { form, button } = page();
    button.click();
    button.click();
    form.setAttribute('data-app', 'ready');
    await flushObservers();
    expect(recorder.passed).toEqual([{ submitter: button, prevented: false }]);
    expect(form).not.toHaveAttribute(SUBMIT_HELD_ATTRIBUTE);
    // The app runs the form: its submits are its own.
    button.click();
    expect(recorder.passed).toHaveLength(2);
  });

  it('goes to the form the app drew in its place (same id) when it did not keep the element', async () => {
    hold = holdEarlySubmits();
    const { button } = page();
    button.click();
    const { form: drawn } = page();
    drawn.setAttribute('data-app', 'ready');
    await flushObservers();
    expect(recorder.passed).toEqual([{ submitter: null, prevented: false }]);
    expect(recorder.form).toBe(drawn);
  });

  it('goes as the plain post when the app cannot start', () => {
    hold = holdEarlySubmits();
    const { form, button } = page();
    button.click();
    hold.appFailed();
    expect(recorder.passed).toEqual([{ submitter: button, prevented: false }]);
    // The page is on its way: the button keeps working until it goes.
    expect(form).toHaveAttribute(SUBMIT_HELD_ATTRIBUTE, '');
  });

  it("goes as the plain post when the page's first script never ran (the document is parsed without it)", () => {
    hold = holdEarlySubmits();
    const { button } = page();
    button.click();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(recorder.passed).toHaveLength(1);
  });

  it("is not held at all once the document is parsed without the page's first script", () => {
    hold = holdEarlySubmits();
    const { button } = page();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    button.click();
    expect(recorder.passed).toHaveLength(1);
  });

  it('says that it is working: the button is marked disabled and a status says so', async () => {
    hold = holdEarlySubmits();
    const { form, button } = page();
    button.click();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(document.querySelector('[role="status"]')).toHaveTextContent('Submitting...');
    form.setAttribute('data-app', 'ready');
    await flushObservers();
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(document.querySelector('[role="status"]')).toBeNull();
  });

  it('is forgotten when the visitor moves to another page, and not sent on the way back', async () => {
    window.location.hash = '#/request-service';
    hold = holdEarlySubmits();
    const { button } = page();
    button.click();
    window.location.hash = '#/team';
    document.body.innerHTML = '<main>Our Team</main>';
    await flushObservers();
    window.location.hash = '#/request-service';
    const { form } = page();
    form.setAttribute('data-app', 'ready');
    await flushObservers();
    expect(recorder.passed).toEqual([]);
    window.location.hash = '';
  });

  it('goes as the plain post, from the form as it was, when the app shows its error page instead', async () => {
    hold = holdEarlySubmits();
    const { form, button } = page();
    button.click();
    document.body.innerHTML = `<section ${APP_ERROR_ATTRIBUTE} role="alert">Something went wrong.</section>`;
    await flushObservers();
    expect(recorder.passed).toHaveLength(1);
    expect(recorder.form).toBe(form);
    expect(form.isConnected).toBe(true);
  });

  it('sends nothing more from a page whose plain post has left', () => {
    hold = holdEarlySubmits();
    const { form, button } = page();
    button.click();
    hold.appFailed();
    form.setAttribute('data-app', 'ready');
    button.click();
    expect(recorder.passed).toHaveLength(1);
    expect(form).toHaveAttribute(SUBMIT_HELD_ATTRIBUTE, '');
  });

  it('goes as the plain post when the app is not there in time, not before', () => {
    vi.useFakeTimers();
    hold = holdEarlySubmits(5_000);
    page().button.click();
    vi.advanceTimersByTime(4_999);
    expect(recorder.passed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(recorder.passed).toHaveLength(1);
  });

  it('is not held where no first script will come (the receiver answer to a post without JavaScript)', () => {
    hold = holdEarlySubmits();
    page({ firstScript: false }).button.click();
    expect(recorder.passed).toHaveLength(1);
  });

  it('is not held once the app runs the form', () => {
    hold = holdEarlySubmits();
    const { form, button } = page();
    form.setAttribute('data-app', 'ready');
    button.click();
    expect(recorder.passed).toEqual([{ submitter: button, prevented: false }]);
  });

  it('is ready again when the visitor comes back to the page kept in memory (Back)', () => {
    hold = holdEarlySubmits();
    const { form, button } = page();
    button.click();
    hold.appFailed();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(form).not.toHaveAttribute(SUBMIT_HELD_ATTRIBUTE);
    form.setAttribute('data-app', 'ready');
    button.click();
    expect(recorder.passed).toHaveLength(2);
  });

  it('holds nothing in a browser that could not send it again (no requestSubmit)', () => {
    const { requestSubmit } = HTMLFormElement.prototype;
    Reflect.deleteProperty(HTMLFormElement.prototype, 'requestSubmit');
    try {
      hold = holdEarlySubmits();
    } finally {
      HTMLFormElement.prototype.requestSubmit = requestSubmit;
    }
    page().button.click();
    expect(recorder.passed).toHaveLength(1);
  });
});
