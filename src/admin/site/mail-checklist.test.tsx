import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mailCheckText, mailChecklistText } from '../../content/admin-mail-check';
import { deferred, fakeFetch, json } from '../../test/fake-fetch';
import type { MailCheck, RecordCheck } from '../mail-check/contract';
import { mailCheckLines } from '../mail-check/lines';
import { MailChecklist } from './mail-checklist';

// The lines' own words are mailCheckLines' (src/admin/mail-check/lines.ts): these tests read them
// from it, and check that the section shows each line with its state, fix and record.
const text = mailChecklistText;
const OWNER = 'owner@staffing.test';
const CHECK = 'GET /admin/api/mail-check';
const TEST_EMAIL = 'POST /admin/api/mail-check/test-email';
const DMARC = 'v=DMARC1; p=none; rua=mailto:dmarc-reports@staffing.test';
const DKIM_KEY = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(8)}`;

const missingDmarc: RecordCheck = {
  state: 'missing',
  name: '_dmarc.staffing.test',
  add: { type: 'TXT', name: '_dmarc.staffing.test', host: '_dmarc', value: DMARC },
};

function check(dmarc: RecordCheck = missingDmarc): Extract<MailCheck, { configured: true }> {
  return {
    configured: true,
    checkedAt: Date.parse('2026-06-01T14:00:00Z'),
    domain: 'staffing.test',
    from: 'Potomac Staffing <hello@staffing.test>',
    envelopeFrom: 'hello@staffing.test',
    relay: { state: 'ok', host: 'smtp.staffing.test', port: 587, signedIn: true, secure: true },
    spf: { state: 'found', name: 'staffing.test', value: 'v=spf1 include:_spf.relay.test -all' },
    dmarc,
    dkim: {
      selector: 'mail',
      signing: 'relay',
      record: { state: 'unknown', name: 'mail._domainkey.staffing.test', code: 'ESERVFAIL' },
    },
    alignment: {
      fromDomain: 'staffing.test',
      envelopeDomain: 'staffing.test',
      spfAligned: true,
      dkimDomain: 'staffing.test',
      dkimAligned: true,
    },
  };
}

const foundDmarc: RecordCheck = { state: 'found', name: '_dmarc.staffing.test', value: DMARC };

function section() {
  return screen.getByRole('region', { name: mailCheckText.heading });
}

/** The check's own live region: checking, could not check, when checked. */
function checkStatus() {
  const [first] = within(section()).getAllByRole('status');
  if (!first) throw new Error('no status');
  return first;
}

function item(title: string) {
  const heading = within(section()).getByRole('heading', {
    level: 4,
    name: new RegExp(escape(title)),
  });
  const li = heading.closest('li');
  if (!li) throw new Error(`no item ${title}`);
  return li;
}

function escape(words: string) {
  return words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

afterEach(() => vi.unstubAllGlobals());

describe('the launch checklist’s mail section', () => {
  it('is brought into view, its heading focused, when the inbox’s banner links to it', async () => {
    fakeFetch({ [CHECK]: () => json(check()) });
    const scrolled = vi.fn();
    const before = window.HTMLElement.prototype.scrollIntoView;
    window.HTMLElement.prototype.scrollIntoView = scrolled;
    window.location.hash = '#/site?at=mail';
    try {
      render(<MailChecklist email={OWNER} />);
      const heading = screen.getByRole('heading', { name: mailCheckText.heading });
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(heading).toHaveFocus();
    } finally {
      window.HTMLElement.prototype.scrollIntoView = before;
      window.location.hash = '';
    }
  });

  it('is not scrolled to when the site page is opened otherwise', async () => {
    fakeFetch({ [CHECK]: () => json(check()) });
    const scrolled = vi.fn();
    const before = window.HTMLElement.prototype.scrollIntoView;
    window.HTMLElement.prototype.scrollIntoView = scrolled;
    window.location.hash = '#/site';
    try {
      render(<MailChecklist email={OWNER} />);
      expect(scrolled).not.toHaveBeenCalled();
    } finally {
      window.HTMLElement.prototype.scrollIntoView = before;
      window.location.hash = '';
    }
  });

  it('says it is checking while the check runs, then shows every line with its state in words', async () => {
    const answer = deferred<Response>();
    fakeFetch({ [CHECK]: () => answer.promise });
    render(<MailChecklist email={OWNER} />);

    expect(checkStatus()).toHaveTextContent(text.checking);
    expect(within(section()).queryByRole('list')).toBeNull();
    answer.resolve(json(check()));

    const list = await within(section()).findByRole('list');
    const lines = mailCheckLines(check());
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(lines.length);
    lines.forEach((line, index) => {
      const shown = items[index];
      expect(shown).toHaveTextContent(text.states[line.state]);
      expect(shown).toHaveTextContent(line.title);
      expect(shown).toHaveTextContent(line.detail);
      if (line.fix) expect(shown).toHaveTextContent(line.fix);
    });
    // The relay answered, DMARC is missing, the DKIM lookup failed.
    for (const state of ['ok', 'problem', 'unknown']) {
      expect(lines.map((line) => line.state)).toContain(state);
    }
    expect(checkStatus()).not.toHaveTextContent(text.checking);
  });

  it('shows the record to add as type, name and value, each value copied with its button', async () => {
    const user = userEvent.setup();
    fakeFetch({ [CHECK]: () => json(check()) });
    render(<MailChecklist email={OWNER} />);
    const line = (await screenLines()).find((each) => each.record?.name === '_dmarc.staffing.test');
    if (!line?.record) throw new Error('no line with the DMARC record to add');

    const table = within(item(line.title)).getByRole('table', { name: text.record.caption });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row(text.record.type)).toHaveTextContent('TXT');
    expect(row(text.record.name)).toHaveTextContent('_dmarc.staffing.test');
    expect(row(text.record.name)).toHaveTextContent(text.record.hostHint('_dmarc'));
    expect(within(row(text.record.value)).getByText(DMARC).tagName).toBe('CODE');

    const copyValue = within(table).getByRole('button', {
      name: text.record.copyLabel(text.record.value, '_dmarc.staffing.test'),
    });
    // Told apart from the DKIM record's button by its record's name.
    expect(copyValue).toHaveAccessibleName(/value .*_dmarc\.staffing\.test$/);
    await user.click(copyValue);
    expect(await navigator.clipboard.readText()).toBe(DMARC);
    expect(await within(item(line.title)).findByRole('status')).toHaveTextContent(
      text.record.copied,
    );
    await user.click(
      within(table).getByRole('button', {
        name: text.record.copyLabel(text.record.name, '_dmarc.staffing.test'),
      }),
    );
    expect(await navigator.clipboard.readText()).toBe('_dmarc.staffing.test');
  });

  it('without a clipboard shows the value alone, to be selected', async () => {
    userEvent.setup();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const dkimMissing: MailCheck = {
      ...check(),
      dkim: {
        selector: 'mail',
        signing: 'here',
        record: {
          state: 'missing',
          name: 'mail._domainkey.staffing.test',
          add: {
            type: 'TXT',
            name: 'mail._domainkey.staffing.test',
            host: 'mail._domainkey',
            value: DKIM_KEY,
          },
        },
      },
    };
    fakeFetch({ [CHECK]: () => json(dkimMissing) });
    render(<MailChecklist email={OWNER} />);
    await within(section()).findByRole('list');

    expect(within(section()).getByText(DKIM_KEY)).toHaveClass('select-all', 'break-all');
    expect(within(section()).queryByRole('button', { name: /^Copy/ })).toBeNull();
  });

  it('checks again on ‘Check again’, and shows what changed', async () => {
    const user = userEvent.setup();
    const fetches = fakeFetch({ [CHECK]: () => json(check()) });
    render(<MailChecklist email={OWNER} />);
    const before = mailCheckLines(check()).find((line) => line.key === 'dmarc');
    const after = mailCheckLines(check(foundDmarc)).find((line) => line.key === 'dmarc');
    if (!before || !after) throw new Error('no DMARC line');
    expect(await within(section()).findByText(before.detail)).toBeInTheDocument();
    expect(item(before.title)).toHaveTextContent(text.states[before.state]);

    const again = deferred<Response>();
    fetches.on(CHECK, () => again.promise);
    await user.click(within(section()).getByRole('button', { name: text.checkAgain }));
    expect(checkStatus()).toHaveTextContent(text.checking);
    again.resolve(json(check(foundDmarc)));

    expect(await within(section()).findByText(after.detail)).toBeInTheDocument();
    expect(item(after.title)).toHaveTextContent(text.states[after.state]);
    expect(item(after.title)).not.toHaveTextContent(text.states[before.state]);
    expect(fetches.calls(CHECK)).toHaveLength(2);
  });

  it('sends a test e-mail to the signed-in address and says the mail server’s answer', async () => {
    const user = userEvent.setup();
    const sent = deferred<Response>();
    const fetches = fakeFetch({ [CHECK]: () => json(check()), [TEST_EMAIL]: () => sent.promise });
    render(<MailChecklist email={OWNER} />);
    await within(section()).findByRole('list');

    expect(section()).toHaveTextContent(text.testEmail.intro(OWNER));
    await user.click(within(section()).getByRole('button', { name: text.testEmail.button }));
    const answer = within(section()).getAllByRole('status').at(-1);
    expect(answer).toHaveTextContent(text.testEmail.sending);
    sent.resolve(
      json({
        sent: true,
        to: OWNER,
        messageId: '<mail-check.1.a@staffing.test>',
        response: '250 OK queued as 7F3A',
      }),
    );
    expect(
      await within(section()).findByText(text.testEmail.accepted('250 OK queued as 7F3A')),
    ).toBeInTheDocument();
    expect(answer).toHaveTextContent(text.testEmail.acceptedTo(OWNER));
    expect(fetches.calls(TEST_EMAIL)).toHaveLength(1);
  });

  it('says a refused test e-mail in words with its code, and a second one too soon', async () => {
    const user = userEvent.setup();
    const fetches = fakeFetch({
      [CHECK]: () => json(check()),
      [TEST_EMAIL]: () =>
        json({
          sent: false,
          to: OWNER,
          code: 'EAUTH 535',
          response: '535 Invalid username or password',
        }),
    });
    render(<MailChecklist email={OWNER} />);
    await within(section()).findByRole('list');
    const button = within(section()).getByRole('button', { name: text.testEmail.button });

    await user.click(button);
    expect(
      await within(section()).findByText(
        text.testEmail.refused('EAUTH 535', '535 Invalid username or password'),
      ),
    ).toBeInTheDocument();
    // What to do, in the check's own words for a refused sign-in.
    expect(within(section()).getByText(mailCheckText.relay.fix.signIn)).toBeInTheDocument();

    fetches.on(TEST_EMAIL, () =>
      json({ ok: false, error: 'Too soon' }, 429, { 'Retry-After': '12' }),
    );
    await user.click(button);
    expect(await within(section()).findByText(text.testEmail.tooSoon(12))).toBeInTheDocument();
  });

  it('offers the test e-mail while the check runs and when it fails, its answer kept on ‘Check again’', async () => {
    const user = userEvent.setup();
    const slow = deferred<Response>();
    const fetches = fakeFetch({
      [CHECK]: () => slow.promise,
      [TEST_EMAIL]: () =>
        json({ sent: true, to: OWNER, messageId: '<m@staffing.test>', response: '250 OK' }),
    });
    render(<MailChecklist email={OWNER} />);
    expect(checkStatus()).toHaveTextContent(text.checking);

    await user.click(within(section()).getByRole('button', { name: text.testEmail.button }));
    const accepted = text.testEmail.accepted('250 OK');
    expect(await within(section()).findByText(accepted)).toBeInTheDocument();

    slow.resolve(json({ ok: false, error: 'down' }, 503));
    expect(await within(section()).findByText(text.checkFailed)).toBeInTheDocument();
    expect(within(section()).getByText(accepted)).toBeInTheDocument();

    fetches.on(CHECK, () => json(check()));
    await user.click(within(section()).getByRole('button', { name: text.checkAgain }));
    expect(await within(section()).findByRole('list')).toBeInTheDocument();
    expect(within(section()).getByText(accepted)).toBeInTheDocument();
    expect(fetches.calls(TEST_EMAIL)).toHaveLength(1);
  });

  it('without e-mail set up, says so in one item and offers no test e-mail', async () => {
    fakeFetch({ [CHECK]: () => json({ configured: false }) });
    render(<MailChecklist email={OWNER} />);
    const list = await within(section()).findByRole('list');

    const lines = mailCheckLines({ configured: false });
    expect(lines).toHaveLength(1);
    const [only] = within(list).getAllByRole('listitem');
    expect(only).toHaveTextContent(lines[0]?.title ?? '');
    expect(only).toHaveTextContent(lines[0]?.fix ?? lines[0]?.detail ?? '');
    expect(within(section()).queryByRole('button', { name: text.testEmail.button })).toBeNull();
  });

  it('says so when the check could not be run, an answer of another shape too', async () => {
    const user = userEvent.setup();
    const fetches = fakeFetch({ [CHECK]: () => json({ configured: true, domain: 7 }) });
    render(<MailChecklist email={OWNER} />);
    expect(await within(section()).findByText(text.checkFailed)).toBeInTheDocument();
    fetches.on(CHECK, () => json({ ok: false, error: 'down' }, 503));
    await user.click(within(section()).getByRole('button', { name: text.checkAgain }));
    expect(await within(section()).findByText(text.checkFailed)).toBeInTheDocument();
    fetches.on(CHECK, () => json(check()));
    await user.click(within(section()).getByRole('button', { name: text.checkAgain }));
    expect(await within(section()).findByRole('list')).toBeInTheDocument();
  });
});

/** The lines of the check the tests answer with, once shown. */
async function screenLines() {
  await within(section()).findByRole('list');
  return mailCheckLines(check());
}
