import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { buttonClasses } from '../../components/button-link';
import { adminText } from '../../content/admin';
import { adminApi, ApiError } from '../api';
import type { SessionInfo } from '../contract';
import { PASSWORD_MIN_LENGTH } from '../contract-values';
import { Field } from './field';
import { NeedsScript, Panel } from './panel';
import { SendingButton } from './sending-button';
import {
  checkSetup,
  SETUP_FIELDS as FIELDS,
  setupRefusal,
  type SetupErrors,
  type SetupFieldName,
  type SetupRefusal,
  type SetupValues,
} from './setup-words';

const text = adminText.setup;

type FieldName = SetupFieldName;
type Errors = SetupErrors;
type Refusal = SetupRefusal;
/** Why the document's own form was refused (document-route.ts painted it), to start from. */
interface PaintedRefusal {
  failure?: string | undefined;
  errors?: Errors | undefined;
}

/** Why the API refused, as the alert and the fields say it. */
function refusal(error: unknown): Refusal {
  return error instanceof ApiError ? setupRefusal(error) : { failure: text.unreachable };
}

/** The form's state: what was typed (kept through every refusal), the errors, the last failure. */
function useSetupForm(
  typed: Record<string, string>,
  painted: PaintedRefusal,
  onSignedIn: (session: SessionInfo) => void,
) {
  const [values, setValues] = useState<SetupValues>(() => ({
    code: typed.code ?? '',
    email: typed.email ?? '',
    password: typed.password ?? '',
    repeat: typed.repeat ?? '',
  }));
  const [errors, setErrors] = useState<Errors>(painted.errors ?? {});
  const [outcome, setOutcome] = useState<Refusal>(() =>
    painted.failure ? { failure: painted.failure } : {},
  );
  const [sending, setSending] = useState(false);
  const refs = {
    code: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    repeat: useRef<HTMLInputElement>(null),
  };
  const signInRef = useRef<HTMLButtonElement>(null);
  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((name) => found[name]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { isEmailAddress } = await import('./email-rule');
    const found = checkSetup(values, isEmailAddress);
    setErrors(found);
    setOutcome({});
    if (focusFirst(found)) return;
    setSending(true);
    try {
      const { code, email, password } = values;
      onSignedIn(await adminApi.setup({ code: code.trim(), email: email.trim(), password }));
    } catch (error) {
      const refused = refusal(error);
      setErrors(refused.errors ?? {});
      setOutcome(refused);
      // Account exists: focus goes to its way out (an effect, once the button is drawn).
      if (!refused.accountExists && !focusFirst(refused.errors ?? {})) refs.code.current?.focus();
    } finally {
      setSending(false);
    }
  }

  /** A field's error and its input's props, with the input's own `attributes`. */
  const field = (name: FieldName, attributes: ComponentProps<'input'>) => ({
    error: errors[name],
    input: {
      ...attributes,
      ref: refs[name],
      name,
      value: values[name],
      onChange: (event) => setValues((typed) => ({ ...typed, [name]: event.target.value })),
    } satisfies ComponentProps<'input'>,
  });
  useEffect(() => {
    if (outcome.accountExists) signInRef.current?.focus();
  }, [outcome.accountExists]);
  return { field, outcome, sending, submit, signInRef };
}

/** How to find the setup code: the server's output, or the admin command on its machine. */
function WhereTheCodeIs() {
  return (
    <>
      <p className="mt-3 text-slate-700">{text.whereCode}</p>
      <p className="mt-2 text-slate-700">
        {text.again} <code className="rounded bg-slate-100 px-1.5 py-0.5">{text.command}</code>
      </p>
    </>
  );
}

/**
 * With no account at all: the first one, made with the one-time setup code the server printed
 * (docs/inbox.md, "The first account"); once made, its owner is signed in.
 */
export function SetupPage({
  typed = {},
  painted = {},
  onSignedIn,
  onAccountExists,
}: {
  /** What was typed into the document's own form before the script ran (first-paint.ts). */
  typed?: Record<string, string>;
  /** Why the document's own form was refused, as it painted it (document-route.ts). */
  painted?: PaintedRefusal;
  onSignedIn: (session: SessionInfo) => void;
  onAccountExists: () => void;
}) {
  const { field, outcome, sending, submit, signInRef } = useSetupForm(typed, painted, onSignedIn);
  return (
    <Panel id="setup-heading" title={text.heading}>
      <p className="mt-2 text-slate-700">{text.intro}</p>
      <WhereTheCodeIs />
      <NeedsScript words={adminText.firstPaint.listNeedsScript} />
      <div role="alert" className="mt-4 empty:hidden">
        {outcome.failure && (
          <p className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800">
            {outcome.failure}
          </p>
        )}
      </div>
      {outcome.accountExists && (
        <button
          ref={signInRef}
          type="button"
          className={`${buttonClasses('secondary', 'md')} mt-3`}
          onClick={onAccountExists}
        >
          {text.toSignIn}
        </button>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-5">
        <Field
          id="setup-code"
          label={text.code}
          hint={text.codeHint}
          {...field('code', {
            type: 'text',
            autoComplete: 'one-time-code',
            autoCapitalize: 'characters',
            spellCheck: false,
          })}
        />
        <Field
          id="setup-email"
          label={text.email}
          hint={text.emailHint}
          {...field('email', { type: 'email', autoComplete: 'username' })}
        />
        <Field
          id="setup-password"
          label={text.password}
          hint={text.passwordHint(PASSWORD_MIN_LENGTH)}
          {...field('password', { type: 'password', autoComplete: 'new-password' })}
        />
        <Field
          id="setup-repeat"
          label={text.repeat}
          {...field('repeat', { type: 'password', autoComplete: 'new-password' })}
        />
        <SendingButton sending={sending} label={text.submit} sendingLabel={text.submitting} />
      </form>
    </Panel>
  );
}
