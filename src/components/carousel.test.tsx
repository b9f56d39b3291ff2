import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { CarouselLabels } from '../content/types';
import { Carousel } from './carousel';

const labels: CarouselLabels = {
  pause: 'Pause slides',
  play: 'Play slides',
  previous: 'Previous slide',
  next: 'Next slide',
  showSlide: (n) => `Show slide ${n}`,
  slide: (n, total) => `${n} of ${total}`,
  carouselRole: 'carousel',
  slideRole: 'slide',
};

const items = ['Alpha', 'Bravo', 'Charlie', 'Delta'];

function carousel(props: { intervalMs?: number; arrows?: boolean } = {}) {
  return (
    <>
      <button type="button">Before</button>
      <Carousel
        label="Test slides"
        items={items}
        intervalMs={props.intervalMs ?? 4000}
        labels={labels}
        arrows={props.arrows}
        getKey={(item) => item}
        renderSlide={(item) => (
          <p>
            {item} <a href={`#${item}`}>Read {item}</a>
          </p>
        )}
      />
      <button type="button">After</button>
    </>
  );
}

function renderCarousel(props: { intervalMs?: number; arrows?: boolean } = {}) {
  return render(carousel(props));
}

/** The slide a user can perceive: hidden slides are aria-hidden and inert. */
function shownSlide() {
  return screen.getByRole('group', { name: /of 4$/ });
}

function expectShown(position: number) {
  expect(shownSlide()).toHaveAccessibleName(`${position} of 4`);
  expect(shownSlide()).toHaveTextContent(items[position - 1] as string);
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function mockReducedMotion(matches: boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      ...original(query),
      matches: query.includes('prefers-reduced-motion') ? matches : false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

// Fake timers drive the rotation; clicks and hovers go through fireEvent, which needs no timers.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** Moves focus as the Tab key does, so that it is keyboard (:focus-visible) focus. */
function tabTo(element: HTMLElement) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' });
  act(() => element.focus());
  fireEvent.keyUp(element, { key: 'Tab' });
}

describe('Carousel', () => {
  it('is a labelled carousel region whose slides are groups named "N of M"', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Test slides' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(region).getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    slides.forEach((slide) => expect(slide).toHaveAttribute('aria-roledescription', 'slide'));
    expectShown(1);
  });

  it('keeps hidden slides out of the tab order and the accessibility tree', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    renderCarousel();
    const [first, ...hidden] = screen.getAllByRole('group', { hidden: true });
    expect(first).not.toHaveAttribute('inert');
    hidden.forEach((slide) => {
      expect(slide).toHaveAttribute('inert');
      expect(slide).toHaveAttribute('aria-hidden', 'true');
    });
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link')).toHaveAccessibleName('Read Alpha');

    // Tab order: pause, the four dots, the link on the shown slide.
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pause slides' })).toHaveFocus();
    for (let n = 1; n <= 4; n += 1) {
      await user.tab();
      expect(screen.getByRole('button', { name: `Show slide ${n}` })).toHaveFocus();
    }
    await user.tab();
    expect(screen.getByRole('link', { name: 'Read Alpha' })).toHaveFocus();
    // jsdom ignores `inert`; e2e/home.spec.ts checks in a browser that the tab then leaves.
  });

  it('advances every intervalMs and wraps from the last slide to the first', () => {
    renderCarousel({ intervalMs: 4000 });
    wait(3999);
    expectShown(1);
    wait(1);
    expectShown(2);
    wait(4000);
    expectShown(3);
    wait(4000);
    expectShown(4);
    wait(4000);
    expectShown(1);
  });

  it('honours another interval (5000 ms)', () => {
    renderCarousel({ intervalMs: 5000 });
    wait(4999);
    expectShown(1);
    wait(1);
    expectShown(2);
  });

  it('previous and next buttons wrap around in both directions', () => {
    renderCarousel({ arrows: true });
    click('Previous slide');
    expectShown(4);
    click('Next slide');
    expectShown(1);
    click('Next slide');
    expectShown(2);
    click('Previous slide');
    click('Previous slide');
    expectShown(4);
  });

  it('dots jump to their slide, mark the current one and restart the wait', () => {
    renderCarousel();
    const dots = [1, 2, 3, 4].map((n) => screen.getByRole('button', { name: `Show slide ${n}` }));
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(dots[2]).not.toHaveAttribute('aria-current');

    wait(3000);
    fireEvent.click(dots[2] as HTMLElement);
    expectShown(3);
    expect(dots[2]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
    // A full interval from the click, not what was left of the old one.
    wait(3999);
    expectShown(3);
    wait(1);
    expectShown(4);
  });

  it('does not drift when it re-renders', () => {
    const { rerender } = renderCarousel();
    wait(2500);
    rerender(carousel());
    wait(1000);
    rerender(carousel());
    wait(499);
    expectShown(1);
    wait(1);
    expectShown(2);
  });

  it('the pause button stops and restarts the rotation; the live region is polite only while stopped', () => {
    renderCarousel();
    const live = shownSlide().parentElement as HTMLElement;
    expect(live).toHaveAttribute('aria-live', 'off');

    click('Pause slides');
    expect(live).toHaveAttribute('aria-live', 'polite');
    wait(20000);
    expectShown(1);

    click('Play slides');
    expect(screen.getByRole('button', { name: 'Pause slides' })).toBeInTheDocument();
    expect(live).toHaveAttribute('aria-live', 'off');
    wait(4000);
    expectShown(2);
  });

  it('pauses while the pointer is over it', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Test slides' });
    wait(3000);
    // A pointer that enters a slide enters the region: the browser sends it mouseenter.
    fireEvent.mouseEnter(region);
    expect(shownSlide().parentElement).toHaveAttribute('aria-live', 'polite');
    wait(10000);
    expectShown(1);
    fireEvent.mouseLeave(region);
    wait(3999);
    expectShown(1);
    wait(1);
    expectShown(2);
  });

  it('pauses while keyboard focus is inside it', () => {
    renderCarousel();
    wait(3000);
    tabTo(screen.getByRole('button', { name: 'Show slide 2' }));
    expect(shownSlide().parentElement).toHaveAttribute('aria-live', 'polite');
    wait(10000);
    expectShown(1);
    tabTo(screen.getByRole('button', { name: 'After' }));
    wait(3999);
    expectShown(1);
    wait(1);
    expectShown(2);
  });

  it('does not rotate under prefers-reduced-motion, until the visitor presses play', () => {
    const restore = mockReducedMotion(true);
    try {
      renderCarousel();
      expect(screen.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
      expect(shownSlide().parentElement).toHaveAttribute('aria-live', 'polite');
      wait(30000);
      expectShown(1);

      click('Play slides');
      wait(4000);
      expectShown(2);
    } finally {
      restore();
    }
  });

  it('clears its timer on unmount', () => {
    const { unmount } = renderCarousel();
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
