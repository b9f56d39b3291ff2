import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { renderAt } from '../test/render';

function Broken(): never {
  throw new Error('The widget exploded');
}

describe('ErrorBoundary', () => {
  it('shows "Something went wrong." with the error text and a way home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong.');
    expect(screen.getByRole('alert')).toHaveTextContent('The widget exploded');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('renders its children when nothing fails', () => {
    renderAt(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
