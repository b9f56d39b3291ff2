import { screen, waitFor } from '@testing-library/react';

/**
 * Waits until the page's one alert says `text`. An alert region that is on the page from the start,
 * empty (so a screen reader hears what later fills it), is found at once by `findByRole('alert')`:
 * checking its text right then passed only when the answer beat the check, and failed on a busy
 * machine.
 */
export async function expectAlertSaying(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(text);
    return alert;
  });
}
