import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigationContent } from '../content/navigation';
import { NOTHING_PUBLISHED } from '../content/published';
import { routes } from '../content/routes';
import { renderAt } from '../test/render';
import { Footer } from './footer';

const { footerSmallPrint } = navigationContent(NOTHING_PUBLISHED);

describe('Footer', () => {
  it('links to the privacy note beside the copyright, and goes there', async () => {
    renderAt(<Footer />, '/team');
    const link = screen.getByRole('link', { name: 'Privacy' });
    expect(footerSmallPrint).toEqual([{ label: 'Privacy', to: routes.privacy.path }]);
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link.closest('div')?.querySelector('[data-copyright]')).not.toBeNull();
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/privacy');
  });
});
