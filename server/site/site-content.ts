import { publishedVersion, type PublishedVersion } from '../../src/content/published.ts';
import { nodeAt, type FieldNode } from '../../src/content/site-fields.ts';
import { partOf, siteParts, type SitePart } from '../../src/content/site-parts.ts';
import {
  draftShape,
  LANGUAGES,
  problems,
  resolve,
  valueAt,
  type Language,
} from '../../src/content/site-values.ts';
import type { SiteFields } from './site-store.ts';

/**
 * The owner's changed fields (keys `<part>/<path>`, src/content/site-parts.ts), checked, put in
 * words, and turned into what the pages are drawn from (src/content/published.ts).
 */

interface Field {
  part: SitePart;
  path: string[];
  node: FieldNode;
}

/** The part and node a key names; undefined for a key no part has. */
export function fieldOf(key: string): Field | undefined {
  const slash = key.indexOf('/');
  if (slash < 1) return undefined;
  const part = partOf(key.slice(0, slash));
  const rest = key.slice(slash + 1);
  const path = rest === '' ? [] : rest.split('.');
  const node = part && nodeAt(part.node, path);
  return part && node ? { part, path, node } : undefined;
}

/** 'Home: clients › Testimonials › Item 1 › Text': where the field is, as the editor shows it. */
export function fieldLabel(key: string): string {
  const field = fieldOf(key);
  if (!field) return key;
  const words = [field.part.title];
  let node: FieldNode | undefined = field.part.node;
  for (const step of field.path) {
    if (!node) break;
    if (node.type === 'list') {
      words.push(`${node.itemLabel} ${Number(step) + 1}`);
      node = node.item;
    } else if (node.type === 'group') {
      node = node.children[step];
      const label = node?.type === 'leaf' ? node.meta.label : node?.label;
      if (label && label !== words.at(-1)) words.push(label);
    }
  }
  return words.join(' › ');
}

/** Why a draft cannot be saved (an unknown field, a value of the wrong shape), or undefined. */
export function draftError(fields: SiteFields): string | undefined {
  for (const [key, value] of Object.entries(fields)) {
    const field = fieldOf(key);
    if (!field) return `There is no field ${key.slice(0, 80)}`;
    if (!draftShape(field.node).safeParse(value).success) {
      return `${fieldLabel(key)}: this value has the wrong form`;
    }
  }
  return undefined;
}

export interface PublishProblem {
  key: string;
  label: string;
  message: string;
  language?: Language;
}

/** Every rule the changed fields break, and every Spanish (or English) text left empty. */
export function publishProblems(fields: SiteFields): PublishProblem[] {
  return Object.entries(fields).flatMap(([key, value]) => {
    const field = fieldOf(key);
    if (!field) return [{ key, label: key, message: 'This field is not on the site any more.' }];
    return problems(field.node, value).map((problem) => {
      const at = problem.path.length > 0 ? `${key}.${problem.path.join('.')}` : key;
      return {
        key: at,
        label: fieldLabel(at),
        message: problem.message,
        ...(problem.language ? { language: problem.language } : {}),
      };
    });
  });
}

/**
 * A version's fields as every reader takes them (src/content/published.ts): each field resolved
 * to its value in each language. No field at all is the code's own content.
 */
export function runtimeContent(fields: SiteFields, version: number | null): PublishedVersion {
  const content = { facts: {} as Record<string, unknown>, en: {}, es: {} } as Record<
    'facts' | Language,
    Record<string, unknown>
  >;
  for (const [key, value] of Object.entries(fields)) {
    const field = fieldOf(key);
    if (!field) continue;
    if (field.part.facts) {
      content.facts[key] = resolve(field.node, value, 'en', valueAt(field.part.en, field.path));
      continue;
    }
    for (const language of LANGUAGES) {
      const base = valueAt(language === 'en' ? field.part.en : field.part.es, field.path);
      content[language][key] = resolve(field.node, value, language, base);
    }
  }
  return publishedVersion({ version, ...content });
}

export interface ChecklistItem {
  key: string;
  label: string;
}

function placeholders(node: FieldNode, path: string[]): string[][] {
  if (node.type === 'leaf') return node.meta.placeholder ? [path] : [];
  if (node.type === 'group') {
    return Object.entries(node.children).flatMap(([key, child]) =>
      placeholders(child, [...path, key]),
    );
  }
  return Array.from({ length: node.max }, (_, index) =>
    placeholders(node.item, [...path, String(index)]),
  ).flat();
}

/** Every placeholder (a fictional fact, an illustration) the published fields have not replaced. */
export function launchChecklist(fields: SiteFields): ChecklistItem[] {
  const changed = Object.keys(fields);
  return siteParts
    .filter((part) => part.facts)
    .flatMap((part) => placeholders(part.node, []).map((path) => `${part.id}/${path.join('.')}`))
    .filter((key) => !changed.some((done) => key === done || key.startsWith(`${done}.`)))
    .map((key) => ({ key, label: fieldLabel(key) }));
}
