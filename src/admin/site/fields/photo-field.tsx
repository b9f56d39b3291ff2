import { useContext, useState, type MouseEvent } from 'react';
import { controlClass } from '../../../components/form/field-parts';
import { siteEditorText } from '../../../content/admin-site';
import { nodeAt, type FieldNode, type PhotoValue } from '../../../content/site-fields';
import { partOf } from '../../../content/site-parts';
import { ApiError, siteApi } from '../../api';
import { valueAt } from '../draft/copy-edits';
import { CopiesContext, useEditorActions } from '../draft/editor-context';
import { fieldDomId } from './field-ids';
import { NumberInput } from './number-input';
import { TranslatedField } from './translated-field';

const text = siteEditorText.photo;
const ACCEPT = 'image/jpeg,image/png,image/webp';
const FORMAT_ORDER = ['avif', 'webp'];

type Leaf = Extract<FieldNode, { type: 'leaf' }>;

interface PhotoProps {
  partId: string;
  path: readonly string[];
  node: Leaf;
  value: unknown;
  label: string;
}

const clamp = (n: number) => Math.round(Math.min(100, Math.max(0, n)));

/** The photo as it is now; a click or tap on it sets the point that stays in view (a marker). */
function FocusPicture({
  photo,
  label,
  onFocus,
}: {
  photo: PhotoValue;
  label: string;
  onFocus: (focus: PhotoValue['focus']) => void;
}) {
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    const x = clamp(((event.clientX - box.left) / box.width) * 100);
    const y = clamp(((event.clientY - box.top) / box.height) * 100);
    onFocus({ x, y });
  };
  // Without the build's image processing an import is a plain address: no sources then.
  const sources = Object.entries(photo.image.sources ?? {}).sort(
    ([a], [b]) => FORMAT_ORDER.indexOf(a) - FORMAT_ORDER.indexOf(b),
  );
  return (
    <div
      onClick={pick}
      className="relative w-full max-w-md cursor-crosshair overflow-hidden rounded-md"
    >
      <picture>
        {sources.map(([format, srcSet]) => (
          <source
            key={format}
            type={`image/${format}`}
            srcSet={srcSet}
            sizes="(min-width: 768px) 28rem, 100vw"
          />
        ))}
        <img
          src={photo.image.img.src}
          alt={text.current(label)}
          width={photo.image.img.w}
          height={photo.image.img.h}
          className="block h-auto w-full"
        />
      </picture>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white bg-gold-400 shadow-md ring-2 ring-navy-950"
        style={{ left: `${photo.focus.x}%`, top: `${photo.focus.y}%` }}
      />
    </div>
  );
}

type Upload =
  | { status: 'idle' }
  | { status: 'uploading' }
  | { status: 'done' }
  | { status: 'failed'; message: string };

function PhotoUpload({
  id,
  label,
  hint,
  place,
  onPhoto,
}: {
  id: string;
  label: string;
  /** The photo's declared hint (what it is for), before the rules of the upload. */
  hint: string | undefined;
  place: NonNullable<Leaf['meta']['place']>;
  onPhoto: (photo: PhotoValue) => void;
}) {
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ status: 'uploading' });
    try {
      const { photo } = await siteApi.uploadPhoto(place, file);
      onPhoto(photo);
      setUpload({ status: 'done' });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : text.uploadFailed;
      setUpload({ status: 'failed', message });
    }
  };
  const failed = upload.status === 'failed';
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {text.fileLabel(label)}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint ? `${hint} ${text.fileHint}` : text.fileHint}
      </p>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        aria-describedby={`${id}-hint${failed ? ` ${id}-error` : ''}`}
        aria-invalid={failed || undefined}
        onChange={(event) => void choose(event.target.files?.[0])}
        className={`${controlClass(failed ? upload.message : undefined)} min-h-11 file:mr-3 file:rounded file:border-0 file:bg-navy-900 file:px-3 file:py-1.5 file:text-white`}
      />
      <p role="status" className="text-sm font-semibold text-green-800">
        {upload.status === 'uploading'
          ? text.processing
          : upload.status === 'done'
            ? text.uploaded
            : ''}
      </p>
      {failed && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700">
          {upload.message}
        </p>
      )}
    </div>
  );
}

/** The two focus numbers: the point the marker shows, for those who do not click the photo. */
function FocusInputs({
  id,
  photo,
  onFocus,
}: {
  id: string;
  photo: PhotoValue;
  onFocus: (focus: PhotoValue['focus']) => void;
}) {
  const boxes = [
    { axis: 'x', label: text.focusAcross },
    { axis: 'y', label: text.focusDown },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-3">
      {boxes.map(({ axis, label }) => (
        <div key={axis} className="space-y-1.5">
          <label htmlFor={`${id}-${axis}`} className="block font-semibold text-slate-900">
            {label}
          </label>
          <NumberInput
            id={`${id}-${axis}`}
            min={0}
            max={100}
            step={1}
            aria-describedby={`${id}-focus-rule`}
            value={photo.focus[axis]}
            onNumber={(n) => onFocus({ ...photo.focus, [axis]: clamp(n) })}
            className={controlClass()}
          />
        </div>
      ))}
      <p id={`${id}-focus-rule`} className="col-span-2 text-sm text-slate-600">
        {text.focusRule}
      </p>
    </div>
  );
}

/** The photo's alt text, a field of another part (the page that shows the photo): edited here too. */
function AltText({ altKey, label }: { altKey: string; label: string }) {
  const copies = useContext(CopiesContext);
  const slash = altKey.indexOf('/');
  const partId = altKey.slice(0, slash);
  const path = altKey.slice(slash + 1).split('.');
  const part = partOf(partId);
  const node = part && nodeAt(part.node, path);
  if (!node || node.type !== 'leaf') return null;
  const value = valueAt(copies[partId]?.value, path);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">{text.altHint}</p>
      <TranslatedField
        partId={partId}
        path={path}
        node={node}
        value={value}
        label={text.altLabel(label)}
      />
    </div>
  );
}

/** A photo: the image, its upload, its focal point and its alt text in both languages. */
export function PhotoField({ partId, path, node, value, label }: PhotoProps) {
  const actions = useEditorActions();
  const photo = value as PhotoValue;
  const id = fieldDomId(partId, path);
  const setFocus = (focus: PhotoValue['focus']) => actions.set(partId, path, { ...photo, focus });
  const index = [...path].reverse().find((key) => /^\d+$/.test(key));
  const altKey = node.meta.altKey?.replace('{n}', index ?? '0');
  // A photo the build did not process (a plain address) has no picture to show or focus.
  const shown = Boolean(photo?.image?.img && photo.focus);
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div className="space-y-3">
        {shown && (
          <>
            <p className="text-sm text-slate-600">{text.focusIntro}</p>
            <FocusPicture photo={photo} label={label} onFocus={setFocus} />
            <FocusInputs id={id} photo={photo} onFocus={setFocus} />
          </>
        )}
        <PhotoUpload
          id={id}
          label={label}
          hint={node.meta.hint}
          place={node.meta.place ?? 'hero'}
          onPhoto={(next) => actions.set(partId, path, next)}
        />
      </div>
      {altKey && <AltText altKey={altKey} label={label} />}
    </div>
  );
}
