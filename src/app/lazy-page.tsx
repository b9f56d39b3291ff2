import { lazy, type ComponentType, type ReactElement } from 'react';

export type LazyPage = (() => ReactElement) & { preload: () => Promise<unknown> };

/**
 * A code-split page. Once its chunk has loaded (e.g. preloaded before the first render), it renders
 * at once instead of suspending, so a deep link shows no loading placeholder and no layout shift.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((component) => {
      Loaded = component;
      return component;
    });
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload });
}
