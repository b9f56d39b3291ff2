/**
 * How the prerendered page's script (enhance.ts, inline) starts React (main.tsx, a module of the
 * build): the module, once run, leaves its `mount` here, since a built entry keeps no exports.
 */
export interface AppStartOptions {
  /** A visitor's move brought React: focus starts at the new page's content. */
  moved?: boolean;
  /** A section link was followed: React opens the home page at that section. */
  section?: string | undefined;
}

export interface AppStart {
  /** Starts React on the page. */
  mount: (options: AppStartOptions) => Promise<void>;
}

declare global {
  interface Window {
    potomacApp?: AppStart;
  }
}
