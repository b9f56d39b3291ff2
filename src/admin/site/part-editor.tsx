import { useEffect, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Eye, Save } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { siteEditorText } from '../../content/admin-site';
import type { SitePart } from '../../content/site-parts';
import type { Language } from '../../content/site-values';
import { siteApi } from '../api';
import { DetailCard } from '../shared/detail-card';
import type { SiteOverview } from '../site-contract';
import { CopiesContext, EditorActionsContext } from './draft/editor-context';
import { FieldNodeTree } from './fields/field-node';
import { fieldDomId } from './fields/field-ids';
import { PreviewResult, usePreview } from './publish/preview-panel';
import { formatSiteTime } from './publish/site-format';
import { useDraft, type SaveState } from './use-draft';
import { useUnsavedGuard } from './use-unsaved-guard';

const text = siteEditorText.editor;
type Draft = SiteOverview['draft'];

/** From a checklist item or a problem's link (?field=…&lang=…): focus that field's control. */
function useFieldFocus(partId: string) {
  const [params] = useSearchParams();
  const field = params.get('field');
  const lang = params.get('lang');
  useEffect(() => {
    if (!field) return;
    const path = field.split('.');
    const language = lang === 'en' || lang === 'es' ? (lang as Language) : undefined;
    const element = [
      language && fieldDomId(partId, path, language),
      fieldDomId(partId, path, 'en'),
      fieldDomId(partId, path),
    ]
      .map((id) => (id ? document.getElementById(id) : null))
      .find(Boolean);
    element?.focus();
    element?.scrollIntoView({ block: 'center' });
  }, [partId, field, lang]);
}

function ConflictWarning({
  current,
  onLoadTheirs,
  onSaveMine,
}: {
  current: Draft;
  onLoadTheirs: () => void;
  onSaveMine: () => void;
}) {
  const who = current.updatedBy ?? text.someoneElse;
  const when = current.updatedAt === null ? '' : formatSiteTime(current.updatedAt);
  return (
    <div className="space-y-3 rounded-md border-l-4 border-red-700 bg-red-50 p-4">
      <p role="alert" className="font-semibold text-red-800">
        {text.conflict(who, when)}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onLoadTheirs} className={buttonClasses('outline', 'md')}>
          {text.loadTheirs}
        </button>
        <button type="button" onClick={onSaveMine} className={buttonClasses('secondary', 'md')}>
          {text.saveMine}
        </button>
      </div>
    </div>
  );
}

function saveLine(save: SaveState): string {
  if (save.status === 'saving') return text.saving;
  if (save.status === 'saved') return text.saved;
  return save.status === 'idle' ? (save.message ?? '') : '';
}

function SaveBar({
  save,
  dirty,
  onLoadTheirs,
  onSaveMine,
}: {
  save: SaveState;
  dirty: boolean;
  onLoadTheirs: (current: Draft) => void;
  onSaveMine: (current: Draft) => void;
}) {
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="submit" className={buttonClasses('primary', 'md')}>
          <Save aria-hidden="true" className="size-4" />
          {text.save}
        </button>
        {dirty && <p className="text-slate-700">{text.unsaved}</p>}
      </div>
      <p role="status" className="font-semibold text-green-800">
        {saveLine(save)}
      </p>
      {save.status === 'failed' && (
        <p role="alert" className="font-semibold text-red-700">
          {text.saveFailed(save.reason)}
        </p>
      )}
      {save.status === 'conflict' && (
        <ConflictWarning
          current={save.current}
          onLoadTheirs={() => onLoadTheirs(save.current)}
          onSaveMine={() => onSaveMine(save.current)}
        />
      )}
    </div>
  );
}

/**
 * One part's fields as a form over the shared draft: saved with Save draft (or Ctrl/Cmd+S),
 * previewed (saved first), with a warning before leaving unsaved edits.
 */
export function PartEditor({ part, draft }: { part: SitePart; draft: Draft }) {
  const editor = useDraft(draft);
  const { state, actions, save, saveDraft, savedRevision } = editor;
  const dirty = state.edited.length > 0;
  const preview = usePreview();
  useUnsavedGuard(dirty, text.leaveConfirm);
  useFieldFocus(part.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveDraft();
  };
  const shortcut = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void saveDraft();
    }
  };
  const showPreview = () =>
    void preview.run(async () => {
      const revision = await savedRevision();
      return revision === undefined ? undefined : siteApi.preview(revision);
    }, dirty);

  return (
    <EditorActionsContext value={actions}>
      <CopiesContext value={state.copies}>
        <form noValidate onSubmit={submit} onKeyDown={shortcut} className="space-y-5">
          <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
            <FieldNodeTree
              partId={part.id}
              path=""
              node={part.node}
              value={state.copies[part.id]?.value}
            />
          </div>
          <SaveBar
            save={save}
            dirty={dirty}
            onLoadTheirs={editor.loadTheirs}
            onSaveMine={editor.saveMine}
          />
        </form>
        <DetailCard id="part-preview-heading" title={siteEditorText.preview.heading}>
          <button
            type="button"
            onClick={showPreview}
            className={`${buttonClasses('secondary', 'md')} mt-3`}
          >
            <Eye aria-hidden="true" className="size-4" />
            {siteEditorText.preview.button}
          </button>
          <div className="mt-3">
            <PreviewResult state={preview.state} onClose={preview.close} />
          </div>
        </DetailCard>
      </CopiesContext>
    </EditorActionsContext>
  );
}
