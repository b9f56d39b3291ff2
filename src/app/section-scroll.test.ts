import { vi } from 'vitest';
import { scrollToSectionWhenThere } from './section-scroll';

describe('scrollToSectionWhenThere', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  function spyOnScroll() {
    return vi.spyOn(Element.prototype, 'scrollIntoView');
  }

  it('scrolls at once to a section that is there, and focuses it', () => {
    document.body.innerHTML = '<section id="about">About</section>';
    const scroll = spyOnScroll();
    scrollToSectionWhenThere('about');
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(document.getElementById('about')).toHaveFocus();
  });

  it('waits for a section whose page is still on its way, then scrolls there once', async () => {
    const scroll = spyOnScroll();
    scrollToSectionWhenThere('about');
    expect(scroll).not.toHaveBeenCalled();
    document.body.innerHTML = '<section id="about">About</section>';
    await vi.waitFor(() => expect(scroll).toHaveBeenCalledTimes(1));
    document.body.append(document.createElement('p'));
    await Promise.resolve();
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', async () => {
    const scroll = spyOnScroll();
    const cancel = scrollToSectionWhenThere('about');
    cancel();
    document.body.innerHTML = '<section id="about">About</section>';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scroll).not.toHaveBeenCalled();
  });
});
