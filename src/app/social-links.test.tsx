import { render, screen } from '@testing-library/react';
import { SocialLinks } from './social-links';

describe('SocialLinks', () => {
  it('renders only the links whose address is set, opening in a new tab', () => {
    render(
      <SocialLinks
        title="Follow us"
        links={[{ label: 'Facebook' }, { label: 'LinkedIn', href: 'https://linkedin.example/ps' }]}
      />,
    );
    expect(screen.queryByRole('link', { name: /facebook/i })).not.toBeInTheDocument();
    const linkedin = screen.getByRole('link', { name: /linkedin/i });
    expect(linkedin).toHaveAttribute('href', 'https://linkedin.example/ps');
    expect(linkedin).toHaveAttribute('target', '_blank');
    expect(linkedin).toHaveAccessibleName('LinkedIn (opens in a new tab)');
  });

  it('renders nothing, not even the heading, when no address is set', () => {
    const { container } = render(<SocialLinks title="Follow us" links={[{ label: 'Facebook' }]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
