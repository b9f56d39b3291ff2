/**
 * The files of the last few versions this instance made live, kept after a newer one replaces
 * them: a tab opened on an older document still gets the pieces of its own version (its page
 * fragments, `pages/team.html?v=3`) and the link preview its head names, never a newer version's
 * words to hydrate with the older words it carries. Older than that, the app loads the page
 * again (src/prerendered-page.ts).
 */
import type { SiteFile, SiteFiles } from './render.ts';

/** The live version and the two before it: a publish every few seconds still leaves time. */
const KEPT = 3;

/** A file named by its content (`og-image.<hash>.jpg`): any version that made it may answer. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export function heldVersions() {
  const held = new Map<number, SiteFiles>();
  return {
    /** Keeps `files` as `version`'s, forgetting the oldest beyond the last few. */
    keep(version: number, files: SiteFiles): void {
      held.set(version, files);
      const versions = [...held.keys()].sort((a, b) => a - b);
      for (const old of versions.slice(0, Math.max(0, versions.length - KEPT))) held.delete(old);
    },
    /** Whether this instance still has `version`'s files. */
    has: (version: number): boolean => held.has(version),
    /** `version`'s file at `sitePath` (undefined: not held, or no such file in it). */
    file: (version: number, sitePath: string): SiteFile | undefined =>
      held.get(version)?.get(sitePath),
    /** A content-named file of any held version. */
    hashed(sitePath: string): SiteFile | undefined {
      if (!HASHED_FILE.test(sitePath)) return undefined;
      for (const files of held.values()) {
        const file = files.get(sitePath);
        if (file) return file;
      }
      return undefined;
    },
  };
}
