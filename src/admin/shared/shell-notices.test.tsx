import { act, render, screen } from '@testing-library/react';
import { adminText } from '../../content/admin';
import { adminApi } from '../api';
import { ShellNotices } from './shell-notices';

const text = adminText.shell;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the frame's offline notice", () => {
  it('says so politely while the browser is offline, and goes when it is back', () => {
    render(<ShellNotices />);
    expect(screen.queryByText(text.offline)).not.toBeInTheDocument();
    setOnline(false);
    const notice = screen.getByText(text.offline);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    setOnline(true);
    expect(screen.queryByText(text.offline)).not.toBeInTheDocument();
  });

  it('says so when a call to the server fails for the network, until one gets an answer', async () => {
    render(<ShellNotices />);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await act(() => adminApi.weekly().catch(() => undefined));
    expect(screen.getByText(text.offline)).toBeInTheDocument();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({}, { status: 404 })));
    await act(() => adminApi.weekly().catch(() => undefined));
    expect(screen.queryByText(text.offline)).not.toBeInTheDocument();
  });
});
