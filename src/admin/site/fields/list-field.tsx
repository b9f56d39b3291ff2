import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { buttonClasses } from '../../../components/button-link';
import { siteEditorText } from '../../../content/admin-site';
import type { FieldNode } from '../../../content/site-fields';
import { emptyValue } from '../draft/copy-edits';
import { childPath, CopiesContext, pathKeys, useEditorActions } from '../draft/editor-context';
import { fieldDomId } from './field-ids';
import { idsAt } from '../draft/working-copy';

const text = siteEditorText.list;

type ListNode = Extract<FieldNode, { type: 'list' }>;

/** An item's fields, drawn by the field tree (passed in: the tree draws lists too). */
export type RenderItem = (item: { path: string; value: unknown; label: string }) => ReactNode;

interface ListProps {
  partId: string;
  path: string;
  node: ListNode;
  value: unknown;
  renderItem: RenderItem;
}

const smallButton = `${buttonClasses('outline', 'md')} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`;

function ItemButton(props: {
  id: string;
  label: string;
  icon: typeof ArrowUp;
  disabled: boolean;
  reason?: string | undefined;
  onClick: () => void;
}) {
  const Icon = props.icon;
  return (
    <button
      id={props.id}
      type="button"
      aria-disabled={props.disabled || undefined}
      aria-describedby={props.disabled ? props.reason : undefined}
      onClick={() => !props.disabled && props.onClick()}
      className={smallButton}
    >
      <Icon aria-hidden="true" className="size-4" />
      {props.label}
    </button>
  );
}

interface ItemProps {
  ids: { item: string; button: (kind: string) => string; minReason: string };
  name: string;
  index: number;
  count: number;
  node: ListNode;
  canRemove: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}

function ListItem({
  ids,
  name,
  index,
  count,
  node,
  canRemove,
  onMove,
  onRemove,
  children,
}: ItemProps) {
  return (
    <li>
      <fieldset
        id={ids.item}
        tabIndex={-1}
        className="space-y-4 rounded-md border border-slate-300 bg-slate-50/50 p-3 sm:p-4"
      >
        <legend className="px-1 font-bold text-navy-950">{name}</legend>
        {children}
        {!node.fixed && (
          <div className="flex flex-wrap gap-2">
            <ItemButton
              id={ids.button('up')}
              label={text.moveUp(name)}
              icon={ArrowUp}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            />
            <ItemButton
              id={ids.button('down')}
              label={text.moveDown(name)}
              icon={ArrowDown}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            />
            <ItemButton
              id={ids.button('remove')}
              label={text.remove(name)}
              icon={Trash2}
              disabled={!canRemove}
              reason={ids.minReason}
              onClick={onRemove}
            />
          </div>
        )}
      </fieldset>
    </li>
  );
}

/** After a move or a removal: where focus goes once the list is drawn again. */
function usePendingFocus() {
  const pendingRef = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingRef.current) return;
    document.getElementById(pendingRef.current)?.focus();
    pendingRef.current = null;
  });
  return pendingRef;
}

/** The list's edits, each announced, with focus where the owner expects it next. */
function useListEdits(partId: string, path: string, node: ListNode, list: unknown[]) {
  const copies = useContext(CopiesContext);
  const actions = useEditorActions();
  const [said, setSaid] = useState('');
  const pendingRef = usePendingFocus();
  const keys = pathKeys(path);
  const copy = copies[partId];
  const itemIds = copy ? idsAt(copy, keys, list.length) : [];
  const domId = fieldDomId(partId, keys);
  const itemDom = (id: string) => `${domId}-item-${id}`;
  const name = (index: number) => `${node.itemLabel} ${index + 1}`;

  const move = (index: number, to: number) => {
    actions.move(partId, keys, index, to);
    pendingRef.current = `${itemDom(itemIds[index] ?? '')}-${to < index ? 'up' : 'down'}`;
    setSaid(text.moved(name(index), to + 1, list.length));
  };
  const remove = (index: number) => {
    const next = itemIds[index + 1];
    actions.remove(partId, keys, index);
    pendingRef.current = next ? itemDom(next) : `${domId}-add`;
    setSaid(text.removed(name(index)));
  };
  const add = () => {
    const id = actions.add(partId, keys, emptyValue(node.item, list[0]));
    pendingRef.current = itemDom(id);
    setSaid(text.added(name(list.length)));
  };
  return { said, itemIds, domId, itemDom, name, move, remove, add };
}

function ListFooter({
  node,
  count,
  domId,
  onAdd,
}: {
  node: ListNode;
  count: number;
  domId: string;
  onAdd: () => void;
}) {
  const canRemove = count > node.min;
  const canAdd = count < node.max;
  return (
    <div className="space-y-2">
      {!canRemove && (
        <p id={`${domId}-min`} className="text-sm text-slate-600">
          {text.atLeast(node.min, node.itemLabel)}
        </p>
      )}
      {!canAdd && (
        <p id={`${domId}-max`} className="text-sm text-slate-600">
          {text.atMost(node.max)}
        </p>
      )}
      <ItemButton
        id={`${domId}-add`}
        label={text.add(node.itemLabel)}
        icon={Plus}
        disabled={!canAdd}
        reason={`${domId}-max`}
        onClick={onAdd}
      />
    </div>
  );
}

/**
 * A list: its items in order, each in its own group with buttons to move it up or down or remove
 * it, and one to add an item (none for a list tied to the code). Keyboard only: focus stays on the
 * moved item's button, or goes to the next item after a removal; each change is announced.
 */
export function ListField({ partId, path, node, value, renderItem }: ListProps) {
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const edits = useListEdits(partId, path, node, list);
  const { itemIds, domId, itemDom, name } = edits;
  return (
    <fieldset
      id={domId}
      tabIndex={-1}
      className="space-y-3"
      aria-describedby={node.hint ? `${domId}-hint` : undefined}
    >
      <legend className="text-lg font-bold text-navy-950">{node.label}</legend>
      {node.hint && (
        <p id={`${domId}-hint`} className="text-sm text-slate-600">
          {node.hint}
        </p>
      )}
      <ol className="space-y-4">
        {list.map((item, index) => {
          const id = itemIds[index] ?? String(index);
          return (
            <ListItem
              key={id}
              ids={{
                item: itemDom(id),
                button: (kind) => `${itemDom(id)}-${kind}`,
                minReason: `${domId}-min`,
              }}
              name={name(index)}
              index={index}
              count={list.length}
              node={node}
              canRemove={list.length > node.min}
              onMove={(to) => edits.move(index, to)}
              onRemove={() => edits.remove(index)}
            >
              {renderItem({ path: childPath(path, index), value: item, label: name(index) })}
            </ListItem>
          );
        })}
      </ol>
      {!node.fixed && (
        <ListFooter node={node} count={list.length} domId={domId} onAdd={edits.add} />
      )}
      <p role="status" className="sr-only">
        {edits.said}
      </p>
    </fieldset>
  );
}
