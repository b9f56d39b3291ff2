import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { expectAlertSaying } from '../../test/alert';
import { fakeFetch, json } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import { REPLY_PLACEHOLDERS, type ReplyTemplate, type ReplyTemplates } from '../contract';

const text = adminText.templates;
const API = '/admin/api/reply-templates';
const owner = 'owner@example.com';
const changedAt = new Date(2026, 10, 20, 15, 30).getTime();

const quoteOnItsWay: ReplyTemplate = {
  id: 1,
  form: 'quote',
  name: 'Quote on its way',
  bodyEn: 'Hello {name}, your quote is on its way.',
  bodyEs: 'Hola {name}, su cotización está en camino.',
  updatedAt: changedAt,
  updatedBy: owner,
};
const interview: ReplyTemplate = {
  id: 2,
  form: 'application',
  name: 'Interview invitation',
  bodyEn: 'Hello {name}, can you come for an interview?',
  bodyEs: '',
  updatedAt: changedAt,
  updatedBy: 'maria@example.com',
};
const templates: ReplyTemplates = { templates: [quoteOnItsWay, interview], displayName: null };

function signedIn() {
  return fakeFetch({
    'GET /admin/api/session': () => json({ email: owner, seenBefore: changedAt }),
    [`GET ${API}`]: () => json(templates),
  });
}

async function renderTemplates() {
  window.location.hash = '#/templates';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: text.heading });
  await screen.findByRole('article', { name: 'Quote on its way' });
}

const card = (name: string) => screen.getByRole('article', { name });
const inCard = (name: string) => within(card(name));

afterEach(() => vi.unstubAllGlobals());

describe('TemplatesPage', () => {
  it("says a default nobody has changed yet is the site's own, not 'Changed by' no one", async () => {
    fakeFetch({
      'GET /admin/api/session': () => json({ email: owner, seenBefore: changedAt }),
      [`GET ${API}`]: () =>
        json({ ...templates, templates: [{ ...quoteOnItsWay, updatedBy: '' }, interview] }),
    });
    await renderTemplates();
    expect(card('Quote on its way')).toHaveTextContent(
      "The site's own text, not changed yet (added Nov 20, 2026, 3:30 PM)",
    );
    expect(card('Quote on its way')).not.toHaveTextContent('Changed by ,');
  });

  it('is linked from every page of the inbox', async () => {
    signedIn();
    await renderTemplates();
    expect(screen.getByRole('link', { name: text.headerLink })).toHaveAttribute(
      'href',
      '#/templates',
    );
  });

  it('lists the templates by form, with who changed them, and marks one missing its Spanish', async () => {
    signedIn();
    await renderTemplates();

    const quotes = screen.getByRole('region', { name: text.forms.quote });
    const applications = screen.getByRole('region', { name: text.forms.application });
    expect(within(quotes).getByRole('article', { name: 'Quote on its way' })).toBeVisible();
    expect(
      within(applications).getByRole('article', { name: 'Interview invitation' }),
    ).toBeVisible();
    expect(card('Interview invitation')).toHaveTextContent(
      text.changed('maria@example.com', 'Nov 20, 2026, 3:30 PM'),
    );
    expect(inCard('Interview invitation').getByText(text.missingSpanish)).toBeVisible();
    expect(inCard('Quote on its way').queryByText(text.missingSpanish)).toBeNull();
    expect(inCard('Quote on its way').getByRole('textbox', { name: text.english })).toHaveValue(
      quoteOnItsWay.bodyEn,
    );
    expect(
      inCard('Quote on its way').getByRole('textbox', { name: new RegExp(`^${text.spanish}`) }),
    ).toHaveValue(quoteOnItsWay.bodyEs);
  });

  it('lists every placeholder with what it fills in', async () => {
    signedIn();
    await renderTemplates();
    const placeholders = screen.getByRole('region', { name: text.placeholders });
    for (const placeholder of REPLY_PLACEHOLDERS) {
      expect(placeholders).toHaveTextContent(`{${placeholder}}${text.placeholder[placeholder]}`);
    }
  });

  it('saves a change with PUT, and says so', async () => {
    const api = signedIn();
    api.on(`PUT ${API}/1`, (request) =>
      json({
        ...templates,
        templates: [{ ...quoteOnItsWay, ...(request.body as object) }, interview],
      }),
    );
    const user = userEvent.setup();
    await renderTemplates();
    const english = inCard('Quote on its way').getByRole('textbox', { name: text.english });
    await user.clear(english);
    await user.type(english, 'Hi {{name}, here it comes.');

    await user.click(inCard('Quote on its way').getByRole('button', { name: text.save }));

    expect(await inCard('Quote on its way').findByText(text.saved)).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.calls(`PUT ${API}/1`).map((call) => call.body)).toStrictEqual([
      {
        form: 'quote',
        name: 'Quote on its way',
        bodyEn: 'Hi {name}, here it comes.',
        bodyEs: quoteOnItsWay.bodyEs,
      },
    ]);
  });

  it('ties each message to its field, and sends nothing', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await renderTemplates();
    const quote = inCard('Quote on its way');
    await user.clear(quote.getByRole('textbox', { name: text.name }));
    await user.clear(quote.getByRole('textbox', { name: text.english }));

    await user.click(quote.getByRole('button', { name: text.save }));

    const name = quote.getByRole('textbox', { name: text.name });
    const english = quote.getByRole('textbox', { name: text.english });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(text.nameMissing));
    expect(english).toHaveAttribute('aria-invalid', 'true');
    expect(english).toHaveAccessibleDescription(expect.stringContaining(text.englishMissing));
    expect(name).toHaveFocus();
    expect(api.calls(`PUT ${API}/1`)).toHaveLength(0);

    await user.type(name, 'Back again');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the typed text when the save fails, and says so', async () => {
    const api = signedIn();
    api.on(`PUT ${API}/2`, () => json({ ok: false, error: 'Internal' }, 500));
    const user = userEvent.setup();
    await renderTemplates();
    const spanish = inCard('Interview invitation').getByRole('textbox', {
      name: new RegExp(`^${text.spanish}`),
    });
    await user.type(spanish, 'Hola {{name}, ¿puede venir?');

    await user.click(inCard('Interview invitation').getByRole('button', { name: text.save }));

    await expectAlertSaying(text.saveFailed);
    expect(spanish).toHaveValue('Hola {name}, ¿puede venir?');
    // The mark follows what is typed: it has Spanish now, though not saved yet.
    expect(inCard('Interview invitation').queryByText(text.missingSpanish)).toBeNull();
  });

  it('adds a template for a form with POST', async () => {
    const api = signedIn();
    const added: ReplyTemplate = {
      ...interview,
      id: 3,
      name: 'Thank you, not now',
      bodyEn: 'Thank you',
    };
    api.on(`POST ${API}`, () => json({ ...templates, templates: [...templates.templates, added] }));
    const user = userEvent.setup();
    await renderTemplates();

    await user.click(screen.getByRole('button', { name: text.add(text.forms.application) }));
    const fresh = within(screen.getByRole('article', { name: text.newTemplate }));
    expect(fresh.getByRole('textbox', { name: text.name })).toHaveFocus();
    await user.type(fresh.getByRole('textbox', { name: text.name }), 'Thank you, not now');
    await user.type(fresh.getByRole('textbox', { name: text.english }), 'Thank you');
    await user.click(fresh.getByRole('button', { name: text.save }));

    expect(await screen.findByRole('article', { name: 'Thank you, not now' })).toBeVisible();
    expect(screen.queryByRole('article', { name: text.newTemplate })).toBeNull();
    expect(api.calls(`POST ${API}`).map((call) => call.body)).toStrictEqual([
      { form: 'application', name: 'Thank you, not now', bodyEn: 'Thank you', bodyEs: '' },
    ]);
  });

  it('deletes a template only once confirmed', async () => {
    const api = signedIn();
    api.on(`DELETE ${API}/2`, () => json({ ...templates, templates: [quoteOnItsWay] }));
    const user = userEvent.setup();
    await renderTemplates();

    await user.click(inCard('Interview invitation').getByRole('button', { name: text.delete }));
    expect(api.calls(`DELETE ${API}/2`)).toHaveLength(0);
    const question = screen.getByRole('group', {
      name: text.confirmDelete('Interview invitation'),
    });
    await user.click(within(question).getByRole('button', { name: text.cancel }));
    expect(card('Interview invitation')).toBeVisible();

    await user.click(inCard('Interview invitation').getByRole('button', { name: text.delete }));
    await user.click(screen.getByRole('button', { name: text.confirmDeleteButton }));

    expect(await screen.findByText(text.deleted('Interview invitation'))).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('article', { name: 'Interview invitation' })).toBeNull();
    expect(api.calls(`DELETE ${API}/2`)).toHaveLength(1);
  });

  it('saves the name replies are signed with', async () => {
    const api = signedIn();
    api.on('PUT /admin/api/account/display-name', () => json({ ok: true }));
    const user = userEvent.setup();
    await renderTemplates();
    const name = screen.getByRole('textbox', { name: new RegExp(`^${text.displayName}`) });

    await user.type(name, '  María Gómez ');
    await user.click(screen.getByRole('button', { name: text.displayNameSave }));

    expect(await screen.findByText(text.displayNameSaved)).toHaveAttribute('role', 'status');
    expect(api.calls('PUT /admin/api/account/display-name').map((call) => call.body)).toStrictEqual(
      [{ displayName: 'María Gómez' }],
    );
  });

  it('says a name too long, tied to its field', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await renderTemplates();
    const name = screen.getByRole('textbox', { name: new RegExp(`^${text.displayName}`) });

    await user.click(name);
    await user.paste('x'.repeat(81));
    await user.click(screen.getByRole('button', { name: text.displayNameSave }));

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(text.displayNameTooLong(80)));
    expect(api.calls('PUT /admin/api/account/display-name')).toHaveLength(0);
  });
});
