import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { fakeFetch, json, type FakeHandler } from '../../test/fake-fetch';
import type { WeeklyEmailSetting } from '../contract';
import { WeeklyEmailSettingSection } from './weekly-email-setting';

const text = adminText.weeklyEmail;
const GET = 'GET /admin/api/weekly-email';
const PUT = 'PUT /admin/api/weekly-email';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(initial: WeeklyEmailSetting, put: FakeHandler = (request) => json(request.body)) {
  return fakeFetch({ [GET]: () => json(initial), [PUT]: put });
}

describe('WeeklyEmailSettingSection', () => {
  it('shows the account’s setting and saves a change by keyboard, saying so in words', async () => {
    const fetched = serve({ on: true, language: 'en' });
    const user = userEvent.setup();
    render(<WeeklyEmailSettingSection />);
    const box = await screen.findByRole('checkbox', { name: text.label });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(text.hint);
    expect(screen.getByRole('group', { name: text.language })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();

    // From the box (other files of this worker may leave fields in the document before it, so
    // the first Tab of the page is not ours): Space unticks it; Tab to the language, an arrow key
    // chooses; Tab to the button, Space saves.
    act(() => box.focus());
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: text.save })).toHaveFocus();
    await user.keyboard(' ');

    expect(await screen.findByRole('status')).toHaveTextContent(text.savedOff);
    const puts = fetched.requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.body)).toEqual([{ on: false, language: 'es' }]);
  });

  it('says the e-mail is on and in which language once saved', async () => {
    serve({ on: false, language: 'es' });
    const user = userEvent.setup();
    render(<WeeklyEmailSettingSection />);
    await user.click(await screen.findByRole('checkbox', { name: text.label }));
    await user.click(screen.getByRole('radio', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.savedOn('English'))).toHaveAttribute('role', 'status');
  });

  it('says when the setting could not be saved, keeping the choice', async () => {
    serve({ on: true, language: 'en' }, () => json({ error: 'Down' }, 503));
    const user = userEvent.setup();
    render(<WeeklyEmailSettingSection />);
    await user.click(await screen.findByRole('checkbox', { name: text.label }));
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.saveFailed)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: text.label })).not.toBeChecked();
  });

  it('offers to try again when the setting could not be loaded', async () => {
    let calls = 0;
    fakeFetch({
      [GET]: () =>
        ++calls === 1 ? json({ error: 'Down' }, 500) : json({ on: true, language: 'en' }),
    });
    const user = userEvent.setup();
    render(<WeeklyEmailSettingSection />);
    await user.click(await screen.findByRole('button', { name: text.retry }));
    expect(await screen.findByRole('checkbox', { name: text.label })).toBeChecked();
  });
});
