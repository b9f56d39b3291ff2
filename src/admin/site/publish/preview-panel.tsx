import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ExternalLink, X } from 'lucide-react';
import { buttonClasses } from '../../../components/button-link';
import { siteEditorText } from '../../../content/admin-site';
import type { Language } from '../../../content/site-values';
import type { SitePreview, SiteProblem } from '../../site-contract';
import { problemsOf, reasonOf } from './errors';
import { ProblemList, RefusalAlert } from './problem-list';

const text = siteEditorText.preview;

type Width = 'phone' | 'desktop';
const FRAMES: Record<Width, { width: number; height: number }> = {
  phone: { width: 390, height: 780 },
  desktop: { width: 1280, height: 820 },
};
/** Below this, the desktop frame scrolls sideways in its box rather than shrink further. */
const MIN_SCALE = 0.5;

export type PreviewState =
  | { status: 'idle' }
  | { status: 'working'; saving: boolean }
  | { status: 'problems'; problems: SiteProblem[] }
  | { status: 'failed'; reason: string }
  | { status: 'ready'; documents: SitePreview['documents'] };

/** Asks for a preview (`request` answers undefined when it gave up, e.g. the save failed). */
export function usePreview() {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const run = useCallback(
    async (request: () => Promise<SitePreview | undefined>, saving = false) => {
      setState({ status: 'working', saving });
      try {
        const preview = await request();
        setState(preview ? { status: 'ready', documents: preview.documents } : { status: 'idle' });
      } catch (error) {
        const problems = problemsOf(error);
        setState(
          problems
            ? { status: 'problems', problems }
            : { status: 'failed', reason: reasonOf(error) },
        );
      }
    },
    [],
  );
  const close = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, close };
}

function Choice<T extends string>(props: {
  legend: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4">
      <legend className="float-left mr-3 font-semibold text-slate-900">{props.legend}</legend>
      {props.options.map((option) => (
        <label
          key={option.value}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
            className="size-5 accent-navy-900"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The frame at its width: the desktop one scaled down to fit its box, never below half size. */
function FrameBox({ width, src, title }: { width: Width; src: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>();
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const frame = FRAMES[width];
  const fit = room ? room / frame.width : 1;
  const scale = width === 'desktop' ? Math.min(1, Math.max(MIN_SCALE, fit)) : 1;
  return (
    // Focusable: at a phone's width the desktop frame scrolls sideways in this box, by keyboard too.
    <div
      ref={box}
      tabIndex={0}
      role="region"
      aria-label={title}
      className="max-h-[85vh] overflow-auto rounded-md border border-slate-300 bg-slate-100"
    >
      <div style={{ width: frame.width * scale, height: frame.height * scale }}>
        <iframe
          title={title}
          src={src}
          className="block origin-top-left border-0 bg-white"
          style={{
            width: frame.width,
            height: frame.height,
            ...(scale < 1 ? { transform: `scale(${scale})` } : {}),
          }}
        />
      </div>
    </div>
  );
}

/** The previewed documents: the language and the width to see them at, and a new tab. */
export function PreviewFrame({ documents }: { documents: SitePreview['documents'] }) {
  const [language, setLanguage] = useState<Language>('en');
  const [width, setWidth] = useState<Width>('phone');
  const languageName = siteEditorText.languages[language];
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-x-8 gap-y-2">
        <Choice
          legend={text.language}
          value={language}
          onChange={setLanguage}
          options={[
            { value: 'en', label: siteEditorText.languages.en },
            { value: 'es', label: siteEditorText.languages.es },
          ]}
        />
        <Choice
          legend={text.width}
          value={width}
          onChange={setWidth}
          options={[
            { value: 'phone', label: text.phone },
            { value: 'desktop', label: text.desktop },
          ]}
        />
      </div>
      <a
        href={documents[language]}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-700 underline hover:text-navy-900"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        {text.openInTab(languageName)}
      </a>
      <FrameBox
        width={width}
        src={documents[language]}
        title={text.frameTitle(languageName, width)}
      />
    </div>
  );
}

/** What a preview request came to: progress, the rules broken, a refusal, or the frame. */
export function PreviewResult({ state, onClose }: { state: PreviewState; onClose: () => void }) {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-semibold text-slate-700">
        {state.status === 'working' ? (state.saving ? text.saving : text.making) : ''}
      </p>
      {state.status === 'problems' && (
        <ProblemList intro={text.problemsIntro} problems={state.problems} />
      )}
      {state.status === 'failed' && <RefusalAlert>{text.failed(state.reason)}</RefusalAlert>}
      {state.status === 'ready' && (
        <>
          <PreviewFrame documents={state.documents} />
          <button type="button" onClick={onClose} className={buttonClasses('outline', 'md')}>
            <X aria-hidden="true" className="size-4" />
            {text.close}
          </button>
        </>
      )}
    </div>
  );
}
