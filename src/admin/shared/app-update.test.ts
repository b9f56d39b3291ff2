import {
  appUpdate,
  holdUpdates,
  isTyping,
  updateAction,
  watchForUpdates,
  type UpdateEnvironment,
} from './app-update';

type Handler = () => void;

/** A registration, a container and a page that the test drives. */
function browser({ controlled = true, waiting = false, hidden = false } = {}) {
  const handlers = new Map<string, Handler[]>();
  const on = (name: string, handler: Handler) =>
    handlers.set(name, [...(handlers.get(name) ?? []), handler]);
  const fire = (name: string) => handlers.get(name)?.forEach((handler) => handler());
  const posted: unknown[] = [];
  const worker = { postMessage: (message: unknown) => posted.push(message) };
  const registration = {
    waiting: waiting ? worker : null,
    installing: null,
    addEventListener: (name: string, handler: Handler) => on(`registration:${name}`, handler),
    update: () => Promise.resolve(),
  };
  const page = {
    visibilityState: hidden ? 'hidden' : 'visible',
    activeElement: document.body as Element | null,
    addEventListener: (name: string, handler: Handler) => on(`page:${name}`, handler),
  };
  const reload = vi.fn();
  const environment = {
    container: {
      controller: controlled ? {} : null,
      addEventListener: (name: string, handler: Handler) => on(`container:${name}`, handler),
    },
    document: page,
    reload,
  } as unknown as UpdateEnvironment;
  const start = () =>
    watchForUpdates(registration as unknown as ServiceWorkerRegistration, environment);
  return { registration, worker, page, posted, reload, fire, start };
}

describe('a new version of the inbox', () => {
  it('is applied when the app opens or is hidden, offered otherwise, never while typing', () => {
    const facts = {
      waiting: true,
      controlled: true,
      justOpened: false,
      hidden: false,
      typing: false,
    };
    expect(updateAction(facts)).toBe('offer');
    expect(updateAction({ ...facts, justOpened: true })).toBe('apply');
    expect(updateAction({ ...facts, hidden: true })).toBe('apply');
    expect(updateAction({ ...facts, hidden: true, typing: true })).toBe('offer');
    expect(updateAction({ ...facts, waiting: false })).toBe('none');
    expect(updateAction({ ...facts, controlled: false, justOpened: true })).toBe('none');
  });

  it('tells typing from a focused button', () => {
    const field = document.createElement('textarea');
    const button = document.createElement('button');
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(isTyping(field)).toBe(true);
    expect(isTyping(button)).toBe(false);
    expect(isTyping(box)).toBe(false);
    expect(isTyping(null)).toBe(false);
  });

  it('waiting at opening: takes over at once and reloads the page once, never again', () => {
    const { posted, reload, fire, start } = browser({ waiting: true });
    start();
    expect(posted).toEqual(['skip-waiting']);
    fire('container:controllerchange');
    fire('container:controllerchange');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('found while the owner works: offered, and applied on "Update now" with one reload', () => {
    const { registration, worker, posted, reload, fire, start } = browser();
    start();
    registration.waiting = worker;
    fire('page:visibilitychange'); // visible again: nothing applied while on screen
    expect(posted).toEqual([]);
    // The installing worker's 'installed' is what the watcher hears in a browser; here the
    // owner's word comes first.
    appUpdate.apply();
    appUpdate.apply();
    expect(posted).toEqual(['skip-waiting']);
    expect(appUpdate.state()).toBe('updating');
    fire('container:controllerchange');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('found and the app hidden with nothing typed: applied by itself', () => {
    const { registration, worker, page, posted, fire, start } = browser();
    start();
    registration.waiting = worker;
    page.visibilityState = 'hidden';
    page.activeElement = document.createElement('textarea');
    fire('page:visibilitychange');
    expect(posted).toEqual([]);
    page.activeElement = document.body;
    fire('page:visibilitychange');
    expect(posted).toEqual(['skip-waiting']);
  });

  it('hidden with unsaved edits but no field focused (the site editor): offered, not applied', () => {
    const { registration, worker, page, posted, fire, start } = browser();
    start();
    registration.waiting = worker;
    page.visibilityState = 'hidden';
    const release = holdUpdates();
    fire('page:visibilitychange');
    expect(posted).toEqual([]);
    release();
    release();
    fire('page:visibilitychange');
    expect(posted).toEqual(['skip-waiting']);
  });

  it('the first install’s claim reloads nothing', () => {
    const { posted, reload, fire, start } = browser({ controlled: false });
    start();
    fire('container:controllerchange');
    expect(posted).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('brought in by another window: offered here, and one reload on the owner’s word', () => {
    const { posted, reload, fire, start } = browser();
    start();
    fire('container:controllerchange');
    expect(appUpdate.state()).toBe('ready');
    appUpdate.apply();
    appUpdate.apply();
    fire('container:controllerchange');
    expect(posted).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
