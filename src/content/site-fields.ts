import { z } from 'zod';
import {
  closedDaysSchema,
  closedDaysShape,
  openingHoursSchema,
  openingHoursShape,
} from './opening-hours-rules.ts';
import type { ResponsiveImage } from './types.ts';

/**
 * What the owner can change in the site (/admin/#/site), described once: each content part is a
 * tree of fields (declared in src/content/fields/, listed in src/content/site-parts.ts) whose leaves
 * are zod schemas with the rules in the owner's words. The editor draws the tree and checks each value as it is typed; the server checks
 * the same values with the same schemas before it saves or publishes them; the publish renderer
 * resolves them into the pages' content (src/content/published.ts).
 *
 * A value as stored (a draft, a published version): a translated text is `{ en, es }` with the
 * times each was last written; a fact (a phone, a name, a photo) is one value for both languages;
 * a list is an array of its items so stored.
 */

export type LeafKind =
  | 'text'
  | 'name'
  | 'phone'
  | 'email'
  | 'link'
  | 'siteUrl'
  | 'figure'
  | 'year'
  | 'time'
  | 'icon'
  | 'rating'
  | 'photo'
  | 'openingHours'
  | 'closedDays';

export type PhotoPlaceName = 'hero' | 'portrait';

export interface LeafMeta {
  kind: LeafKind;
  label: string;
  /** What the field is for, shown under its label (declared in src/content/fields/). */
  hint?: string;
  /** What the Spanish text of a translated field must keep besides (read with its Spanish box). */
  spanishHint?: string;
  /** English and Spanish, side by side; otherwise one value for both languages. */
  translated: boolean;
  multiline?: boolean;
  max?: number;
  /** The launch checklist names the field until its value is not the code's any more. */
  placeholder?: boolean;
  /** A photo's place (its sizes: server/site/photos.ts). */
  place?: PhotoPlaceName;
  /** An icon's choices. */
  options?: readonly string[];
  /** A photo's alt text field: a key, `{n}` standing for the photo's list index. */
  altKey?: string;
  /** The shape a draft may hold while it breaks the rules, for a value edited as a whole. */
  shape?: z.ZodType;
}

export type FieldNode =
  | { type: 'leaf'; meta: LeafMeta; schema: z.ZodType }
  | { type: 'group'; label: string; hint?: string; children: Record<string, FieldNode> }
  | {
      type: 'list';
      label: string;
      hint?: string;
      item: FieldNode;
      /** The name of one item, e.g. 'Testimonial' (shown as 'Testimonial 2'). */
      itemLabel: string;
      min: number;
      max: number;
      /** Items cannot be added, removed or moved (each is tied to something in the code). */
      fixed: boolean;
    };

/** A translated text as stored: both languages, and when each was last written (ms). */
export interface TranslatedValue {
  en: string;
  es: string;
  enAt?: number;
  esAt?: number;
}

/** A photo as stored: the made images, and the point that stays in view when cropped (%). */
export interface PhotoValue {
  /** The server's name for the upload; null for the code's own image. */
  mediaId: string | null;
  image: ResponsiveImage;
  focus: { x: number; y: number };
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/** Plain text: never HTML (the pages draw it as text), bounded so that it fits at 390 px. */
function plainText(max: number, multiline: boolean) {
  return z.string().superRefine((value, context) => {
    const say = (message: string) => context.addIssue({ code: 'custom', message });
    if (!value.trim()) say('Write this text; it cannot be empty.');
    if (value.length > max) {
      say(
        `Keep this to ${max} characters or fewer, so that it fits on a phone (now ${value.length}).`,
      );
    }
    if (CONTROL.test(value)) say('Take out the invisible control characters.');
    if (!multiline && value.includes('\n')) say('This text is one line: take out the line break.');
  });
}

const leaf = (meta: LeafMeta, schema: z.ZodType): FieldNode => ({ type: 'leaf', meta, schema });

export function text(label: string, max: number, multiline = false): FieldNode {
  return leaf({ kind: 'text', label, translated: true, max, multiline }, plainText(max, multiline));
}

export function name(label: string, max = 80, placeholder = false): FieldNode {
  return leaf({ kind: 'name', label, translated: false, max, placeholder }, plainText(max, false));
}

/** A North American number: 10 digits, a real area code and exchange, not a fictional 555-01xx. */
export function parsePhone(input: string): { display: string; e164: string } | undefined {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  const match = /^([2-9]\d\d)([2-9]\d\d)(\d{4})$/.exec(digits);
  if (!match) return undefined;
  const [, area = '', exchange = '', line = ''] = match;
  if (/^[2-9]11$/.test(area) || (exchange === '555' && line.startsWith('01'))) return undefined;
  return { display: `(${area}) ${exchange}-${line}`, e164: `+1${area}${exchange}${line}` };
}

export const PHONE_RULE =
  'Enter a real North American phone number: 10 digits with the area code, e.g. (703) 555-2368.';

export function phone(label: string): FieldNode {
  const schema = z
    .object({ display: z.string(), e164: z.string() })
    .superRefine((value, context) => {
      const parsed = parsePhone(value.e164);
      if (!parsed || parsed.display !== value.display) {
        context.addIssue({ code: 'custom', message: PHONE_RULE });
      }
    });
  return leaf({ kind: 'phone', label, translated: false, placeholder: true }, schema);
}

export function email(label: string): FieldNode {
  const schema = z
    .string()
    .max(254, 'An e-mail address is at most 254 characters.')
    .regex(
      /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/,
      'Enter an e-mail address, e.g. bookings@yourcompany.com.',
    );
  return leaf({ kind: 'email', label, translated: false, placeholder: true }, schema);
}

export const LINK_RULE =
  'A link starts with https:// (a web page), tel: (a phone) or mailto: (an e-mail), or is left empty to hide it.';

/** A link the owner gives: https, tel or mailto only (never javascript: or data:); empty hides it. */
export function link(label: string, placeholder = false): FieldNode {
  const schema = z
    .string()
    .max(500, 'A link is at most 500 characters.')
    .regex(
      /^$|^(https:\/\/[^\s/?#]+\.[^\s]*|tel:\+?[\d-]{7,20}|mailto:[^\s@]+@[^\s@]+)$/,
      LINK_RULE,
    );
  return leaf({ kind: 'link', label, translated: false, placeholder }, schema);
}

export function siteUrl(label: string): FieldNode {
  const schema = z
    .string()
    .regex(
      /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/i,
      "The site's address is https:// and its domain, e.g. https://www.yourcompany.com, with no slash at the end.",
    );
  return leaf({ kind: 'siteUrl', label, translated: false, placeholder: true }, schema);
}

export function figure(label: string): FieldNode {
  const schema = z
    .string()
    .regex(/^\S.{0,7}$/u, 'A figure is short, up to 8 characters, e.g. 500+ or 100%.');
  return leaf({ kind: 'figure', label, translated: false, max: 8, placeholder: true }, schema);
}

export function year(label: string): FieldNode {
  const schema = z
    .number()
    .int('A year is a whole number, e.g. 2014.')
    .min(1900, 'A year from 1900 on, e.g. 2014.')
    .max(2100, 'A year up to 2100.');
  return leaf({ kind: 'year', label, translated: false }, schema);
}

export function time(label: string): FieldNode {
  const schema = z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Write the time as 24-hour HH:MM, e.g. 09:00 or 17:30.');
  return leaf({ kind: 'time', label, translated: false }, schema);
}

export function icon(label: string, options: readonly string[]): FieldNode {
  const schema = z.string().refine((value) => options.includes(value), 'Choose one of the icons.');
  return leaf({ kind: 'icon', label, translated: false, options }, schema);
}

export function rating(label: string): FieldNode {
  const schema = z.number().int().min(1, 'From 1 to 5 stars.').max(5, 'From 1 to 5 stars.');
  return leaf({ kind: 'rating', label, translated: false }, schema);
}

/** Each weekday's hours, edited as one value (src/content/opening-hours.ts). */
export function openingHours(label: string, hint: string): FieldNode {
  const meta: LeafMeta = {
    kind: 'openingHours',
    label,
    hint,
    translated: false,
    shape: openingHoursShape,
  };
  return leaf(meta, openingHoursSchema);
}

/** The dates the business is closed all day, each with an optional name. */
export function closedDays(label: string, hint: string): FieldNode {
  const meta: LeafMeta = {
    kind: 'closedDays',
    label,
    hint,
    translated: false,
    shape: closedDaysShape,
  };
  return leaf(meta, closedDaysSchema);
}

/** An image address the server made (/media/) or the build did (/assets/): never another site's. */
const OWN_IMAGE = String.raw`/(?:media|assets)/[\w.-]+`;
const SRCSET = new RegExp(`^${OWN_IMAGE} \\d+w(, ${OWN_IMAGE} \\d+w)*$`);

const photoSchema = z.object({
  mediaId: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .nullable(),
  image: z.object({
    sources: z.record(z.enum(['avif', 'webp']), z.string().regex(SRCSET)),
    img: z.object({
      src: z.string().regex(new RegExp(`^${OWN_IMAGE}$`)),
      w: z.number().int().positive(),
      h: z.number().int().positive(),
    }),
  }),
  focus: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }),
});

export function photo(label: string, place: PhotoPlaceName, altKey: string): FieldNode {
  const meta: LeafMeta = {
    kind: 'photo',
    label,
    translated: false,
    place,
    placeholder: true,
    altKey,
  };
  return leaf(meta, photoSchema);
}

export function group(label: string, children: Record<string, FieldNode>): FieldNode {
  return { type: 'group', label, children };
}

export function list(
  label: string,
  itemLabel: string,
  item: FieldNode,
  options: { min?: number; max: number; fixed?: boolean },
): FieldNode {
  return {
    type: 'list',
    label,
    itemLabel,
    item,
    min: options.min ?? 0,
    max: options.max,
    fixed: options.fixed ?? false,
  };
}

/** The node at `path` (keys and list indexes) under `node`, if there is one. */
export function nodeAt(node: FieldNode, path: readonly string[]): FieldNode | undefined {
  const [key, ...rest] = path;
  if (key === undefined) return node;
  if (node.type === 'group') {
    const child = Object.hasOwn(node.children, key) ? node.children[key] : undefined;
    return child && nodeAt(child, rest);
  }
  if (node.type === 'list' && /^\d+$/.test(key) && Number(key) < node.max) {
    return nodeAt(node.item, rest);
  }
  return undefined;
}
