/** The pages the visits count, from a route path or a document's path (README.md). */
import type { VisitPage } from '../../src/admin/contract.ts';

/**
 * The page a route path ('/team', '/solicitar-servicio', '/about') or a document's path ('/',
 * '/es/', '/team/', '/es/contact/') shows; undefined for anything else (not counted).
 */
export function pageOf(path: string): VisitPage | undefined {
  void path;
  return undefined;
}
