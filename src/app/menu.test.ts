import { vi } from 'vitest';
import { enhanceMenu } from './menu';

/** jsdom has no popovers: a menu whose open state the test sets, as the browser would. */
function popoverMenu() {
  document.body.innerHTML = `
    <button type="button" popovertarget="menu">Menu</button>
    <div id="menu" popover="auto"><a href="#/team">Our Team</a><span>Text</span></div>`;
  const menu = document.getElementById('menu') as HTMLElement;
  const toggle = document.querySelector('button') as HTMLElement;
  let open = false;
  const matches = menu.matches.bind(menu);
  vi.spyOn(menu, 'matches').mockImplementation((selector: string) =>
    selector === ':popover-open' ? open : matches(selector),
  );
  menu.hidePopover = vi.fn(() => {
    open = false;
  });
  const setOpen = (value: boolean) => {
    open = value;
    menu.dispatchEvent(new Event('toggle'));
  };
  return { menu, toggle, setOpen };
}

describe('enhanceMenu', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("keeps its button's aria-expanded in step with the menu", () => {
    const { menu, toggle, setOpen } = popoverMenu();
    const stop = enhanceMenu(menu);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    setOpen(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    setOpen(false);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    stop();
    setOpen(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the open menu when a link in it is chosen, not on other clicks', () => {
    const { menu, setOpen } = popoverMenu();
    enhanceMenu(menu);
    setOpen(true);
    menu.querySelector('span')?.click();
    expect(menu.hidePopover).not.toHaveBeenCalled();
    menu.querySelector('a')?.addEventListener('click', (event) => event.preventDefault());
    menu.querySelector('a')?.click();
    expect(menu.hidePopover).toHaveBeenCalledTimes(1);
  });

  it("hands over to a second enhancement of the same menu (React's header): one owner at a time", () => {
    const { menu, setOpen } = popoverMenu();
    enhanceMenu(menu);
    const stopReact = enhanceMenu(menu);
    menu.querySelector('a')?.addEventListener('click', (event) => event.preventDefault());
    setOpen(true);
    menu.querySelector('a')?.click();
    expect(menu.hidePopover).toHaveBeenCalledTimes(1);
    // Once the second stops, nothing of the first is left either.
    stopReact();
    setOpen(true);
    menu.querySelector('a')?.click();
    expect(menu.hidePopover).toHaveBeenCalledTimes(1);
  });

  it("a late stop of the first enhancement takes nothing from the second's", () => {
    const { menu, toggle, setOpen } = popoverMenu();
    const stopPrerendered = enhanceMenu(menu);
    enhanceMenu(menu);
    stopPrerendered();
    setOpen(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
