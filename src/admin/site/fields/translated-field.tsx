import { Languages } from 'lucide-react';
import { siteEditorText } from '../../../content/admin-site';
import type { FieldNode, TranslatedValue } from '../../../content/site-fields';
import { isTranslated, needsTranslation, type Language } from '../../../content/site-values';
import { useEditorActions } from '../draft/editor-context';
import { FieldControl, ruleMessage } from './field-control';
import { fieldDomId } from './field-ids';

const text = siteEditorText.editor;

type Leaf = Extract<FieldNode, { type: 'leaf' }>;

function TranslationBadge() {
  return (
    <p className="inline-flex items-center gap-1.5 rounded-md border border-amber-700 bg-amber-50 px-2 py-0.5 text-sm font-semibold text-amber-900">
      <Languages aria-hidden="true" className="size-4 shrink-0" />
      {text.needsTranslation}
      <span className="sr-only">: {text.needsTranslationHint}</span>
    </p>
  );
}

interface LanguageInputProps {
  node: Leaf;
  id: string;
  label: string;
  value: string;
  language: Language;
  flagged: boolean;
  hintId: string | undefined;
  onChange: (language: Language, value: string) => void;
}

function LanguageInput({
  node,
  id,
  label,
  value,
  language,
  flagged,
  hintId,
  onChange,
}: LanguageInputProps) {
  const { multiline, max } = node.meta;
  return (
    <FieldControl
      id={id}
      label={label}
      error={ruleMessage(node.schema, value)}
      count={max ? { length: value.length, max } : undefined}
      badge={flagged ? <TranslationBadge /> : undefined}
      sharedHint={hintId}
      hint={language === 'es' ? node.meta.spanishHint : undefined}
    >
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            lang={language}
            rows={4}
            value={value}
            onChange={(event) => onChange(language, event.target.value)}
            className={`${control.className} resize-y`}
          />
        ) : (
          <input
            {...control}
            type="text"
            lang={language}
            value={value}
            onChange={(event) => onChange(language, event.target.value)}
          />
        )
      }
    </FieldControl>
  );
}

/**
 * A text in English and Spanish, side by side from 768 px (stacked on a phone). Writing one
 * language stamps when; a Spanish older than its English says it needs a translation update.
 */
export function TranslatedField(props: {
  partId: string;
  path: readonly string[];
  node: Leaf;
  value: unknown;
  label: string;
}) {
  const { partId, path, node, label } = props;
  const actions = useEditorActions();
  const value: TranslatedValue = isTranslated(props.value) ? props.value : { en: '', es: '' };
  const change = (language: Language, typed: string) =>
    actions.set(partId, path, { ...value, [language]: typed, [`${language}At`]: Date.now() });
  const { hint } = node.meta;
  // One hint for both languages, read with each language's box.
  const hintId = hint ? `${fieldDomId(partId, path)}-hint` : undefined;
  const shared = { node, hintId, onChange: change };
  return (
    <div className="space-y-2">
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <LanguageInput
          {...shared}
          id={fieldDomId(partId, path, 'en')}
          label={text.english(label)}
          value={value.en}
          language="en"
          flagged={false}
        />
        <LanguageInput
          {...shared}
          id={fieldDomId(partId, path, 'es')}
          label={text.spanish(label)}
          value={value.es}
          language="es"
          flagged={needsTranslation(value)}
        />
      </div>
    </div>
  );
}
