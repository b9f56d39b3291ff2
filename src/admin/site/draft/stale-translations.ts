import type { FieldNode } from '../../../content/site-fields';
import { partOf, siteParts, type SitePart } from '../../../content/site-parts';
import { needsTranslation } from '../../../content/site-values';
import type { SiteFields } from '../../site-contract';

/**
 * The draft's Spanish texts written before their English last changed ('Needs translation
 * update' inside a field), found across every part, so that the parts list and the Publish step
 * can count them and link to each. A text can sit in a field of its own or inside a list or group
 * the draft holds whole.
 */
export interface StaleTranslation {
  /** `<part>/<path>` of the text itself (a list's item and field included). */
  key: string;
  partId: string;
  /** Where the text is, as the editor shows it: 'Home: services › Card 2 › Title'. */
  label: string;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The paths under `value` (itself included) whose text needs its Spanish updated. */
function stalePaths(value: unknown, path: string[]): string[][] {
  if (needsTranslation(value)) return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(record(value)).flatMap(([key, child]) => stalePaths(child, [...path, key]));
}

/** The editor's words for where a path leads in a part (its title, groups, items, the field). */
function labelOf(part: SitePart, path: readonly string[]): string {
  const words = [part.title];
  let node: FieldNode | undefined = part.node;
  for (const step of path) {
    if (node?.type === 'list') {
      words.push(`${node.itemLabel} ${Number(step) + 1}`);
      node = node.item;
    } else if (node?.type === 'group') {
      node = node.children[step];
      const label = node?.type === 'leaf' ? node.meta.label : node?.label;
      if (label && label !== words.at(-1)) words.push(label);
    }
  }
  return words.join(' › ');
}

const order = new Map(siteParts.map((part, index) => [part.id, index]));

/** Every stale Spanish text of the draft, in the editor's order of parts. */
export function staleTranslations(fields: SiteFields): StaleTranslation[] {
  const found: StaleTranslation[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const slash = key.indexOf('/');
    const part = partOf(key.slice(0, slash));
    if (!part) continue;
    const rest = key.slice(slash + 1);
    for (const path of stalePaths(value, rest === '' ? [] : rest.split('.'))) {
      found.push({
        key: `${part.id}/${path.join('.')}`,
        partId: part.id,
        label: labelOf(part, path),
      });
    }
  }
  const rank = (item: StaleTranslation) => order.get(item.partId) ?? 0;
  return found.sort(
    (a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key, 'en', { numeric: true }),
  );
}
