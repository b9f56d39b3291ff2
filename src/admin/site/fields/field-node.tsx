import { memo } from 'react';
import type { FieldNode as Node } from '../../../content/site-fields';
import { childPath, pathKeys } from '../draft/editor-context';
import { ClosedDaysField } from './closed-days-field';
import { FactField } from './fact-field';
import { fieldDomId } from './field-ids';
import { ListField, type RenderItem } from './list-field';
import { OpeningHoursField } from './opening-hours-field';
import { PhotoField } from './photo-field';
import { TranslatedField } from './translated-field';

interface FieldNodeProps {
  partId: string;
  /** Dotted, '' for the part's root: a string, so that an unchanged field is not drawn again. */
  path: string;
  node: Node;
  value: unknown;
  /** A list item's name ('Testimonial 2'), for a leaf that is the whole item. */
  label?: string;
  /** Inside a list item's own group: no group of its own. */
  bare?: boolean;
}

const fieldsetClass = 'space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5';
const legendClass = 'px-1 text-lg font-bold text-navy-950';

const renderItem: (partId: string, node: Node) => RenderItem =
  (partId, node) =>
  ({ path, value, label }) => (
    <FieldNodeTree partId={partId} path={path} node={node} value={value} label={label} bare />
  );

function Leaf({
  partId,
  path,
  node,
  value,
  label,
  bare,
}: FieldNodeProps & { node: Extract<Node, { type: 'leaf' }> }) {
  const keys = pathKeys(path);
  const name = label ?? node.meta.label;
  const props = { partId, path: keys, node, value, label: name };
  if (node.meta.kind === 'photo') {
    if (bare) return <PhotoField {...props} />;
    return (
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{name}</legend>
        <PhotoField {...props} />
      </fieldset>
    );
  }
  if (node.meta.kind === 'openingHours') return <OpeningHoursField {...props} />;
  if (node.meta.kind === 'closedDays') return <ClosedDaysField {...props} />;
  if (node.meta.translated) return <TranslatedField {...props} />;
  return <FactField {...props} />;
}

/** A part's field tree drawn as a form: groups as fieldsets, lists, and each leaf's control. */
function FieldNodeView(props: FieldNodeProps) {
  const { partId, path, node, value, bare } = props;
  if (node.type === 'leaf') return <Leaf {...props} node={node} />;
  if (node.type === 'list') {
    return (
      <ListField
        partId={partId}
        path={path}
        node={node}
        value={value}
        renderItem={renderItem(partId, node.item)}
      />
    );
  }
  const values =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const children = Object.entries(node.children).map(([key, child]) => (
    <FieldNodeTree
      key={key}
      partId={partId}
      path={childPath(path, key)}
      node={child}
      value={values[key]}
    />
  ));
  if (bare || !node.label || path === '') return <div className="space-y-5">{children}</div>;
  const hintId = node.hint ? `${fieldDomId(partId, pathKeys(path))}-hint` : undefined;
  return (
    <fieldset className={fieldsetClass} aria-describedby={hintId}>
      <legend className={legendClass}>{node.label}</legend>
      {node.hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {node.hint}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/** Memoized: typing in one field draws again only the fields along its path. */
export const FieldNodeTree = memo(FieldNodeView);
