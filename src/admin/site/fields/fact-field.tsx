import { useState, type ReactNode } from 'react';
import { siteEditorText } from '../../../content/admin-site';
import { parsePhone, type FieldNode, type LeafKind } from '../../../content/site-fields';
import { useEditorActions } from '../draft/editor-context';
import { FieldControl, ruleMessage, type ControlProps } from './field-control';
import { fieldDomId } from './field-ids';
import { NumberInput } from './number-input';

type Leaf = Extract<FieldNode, { type: 'leaf' }>;
type Control = Parameters<ControlProps['children']>[0];

/** The text box of each kind of fact: the keyboard a phone should show, the browser's own help. */
const INPUTS: Partial<Record<LeafKind, { type: string; inputMode?: 'url' | 'email' | 'tel' }>> = {
  email: { type: 'email', inputMode: 'email' },
  link: { type: 'url', inputMode: 'url' },
  siteUrl: { type: 'url', inputMode: 'url' },
  time: { type: 'time' },
};

interface FactProps {
  partId: string;
  path: readonly string[];
  node: Leaf;
  value: unknown;
  label: string;
}

function PhoneInput({
  control,
  value,
  onChange,
}: {
  control: Control;
  value: unknown;
  onChange: (value: { display: string; e164: string }) => void;
}) {
  const display = String((value as { display?: unknown } | null)?.display ?? '');
  return (
    <input
      {...control}
      type="tel"
      autoComplete="off"
      value={display}
      onChange={(event) => {
        const typed = event.target.value;
        onChange({ display: typed, e164: parsePhone(typed)?.e164 ?? '' });
      }}
      // Written the US way once it is a number: (703) 555-2368.
      onBlur={() => {
        const parsed = parsePhone(display);
        if (parsed && parsed.display !== display) onChange(parsed);
      }}
    />
  );
}

function FactInput(props: FactProps & { control: Control; onNumberText: (ok: boolean) => void }) {
  const { node, value, control } = props;
  const actions = useEditorActions();
  const set = (next: unknown) => actions.set(props.partId, props.path, next);
  const { kind, options } = node.meta;
  if (kind === 'phone') return <PhoneInput control={control} value={value} onChange={set} />;
  if (kind === 'year' || kind === 'rating') {
    const range = kind === 'rating' ? { min: 1, max: 5 } : { min: 1900, max: 2100 };
    return (
      <NumberInput
        {...control}
        {...range}
        step={1}
        value={value}
        onNumber={set}
        onText={props.onNumberText}
      />
    );
  }
  if (kind === 'icon') {
    return (
      <select {...control} value={String(value ?? '')} onChange={(e) => set(e.target.value)}>
        {(options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  const input = INPUTS[kind] ?? { type: 'text' };
  return (
    <input
      {...control}
      {...input}
      spellCheck={kind === 'name' ? undefined : false}
      autoComplete="off"
      value={String(value ?? '')}
      onChange={(event) => set(event.target.value)}
    />
  );
}

/** A fact: one value for both languages, checked by its rule as it is typed. */
export function FactField(props: FactProps): ReactNode {
  const { partId, path, node, value, label } = props;
  const [numberText, setNumberText] = useState(true);
  const { max, kind } = node.meta;
  const error = numberText ? ruleMessage(node.schema, value) : siteEditorText.editor.notANumber;
  const counted = typeof value === 'string' && max !== undefined && kind !== 'icon';
  return (
    <FieldControl
      id={fieldDomId(partId, path)}
      label={label}
      hint={node.meta.hint}
      error={error}
      count={counted ? { length: value.length, max } : undefined}
    >
      {(control) => <FactInput {...props} control={control} onNumberText={setNumberText} />}
    </FieldControl>
  );
}
