import { useEffect, useRef, useState, type FormEvent } from 'react';
import { adminText } from '../../content/admin';
import { Field, type FieldProps } from './field';
import { NeedsScript, Panel } from './panel';
import { SendingButton } from './sending-button';
import { signInFailureWords } from './sign-in-words';
import { adminApi, ApiError } from '../api';
import type { SessionInfo } from '../contract';

const text = adminText.signIn;

function failureMessage(error: unknown): string {
  return error instanceof ApiError ? signInFailureWords(error) : text.unreachable;
}

type Errors = { email?: string; password?: string; code?: string };
/** What was typed into the document's own form (first-paint.ts), by input name. */
type Typed = Partial<Record<string, string>>;
/** Why the document's own form was refused (document-route.ts painted it), to start from. */
export interface PaintedRefusal {
  failure?: string | undefined;
  errors?: Errors | undefined;
}

/** What is missing: the e-mail, the password, and in the second step the code. */
function missingValues(email: string, password: string, code: string | undefined): Errors {
  return {
    ...(email.trim() ? {} : { email: text.emailMissing }),
    ...(password ? {} : { password: text.passwordMissing }),
    ...(code === undefined || code.trim() ? {} : { code: text.codeMissing }),
  };
}

/**
 * The sign-in form's state: the values, what is missing, why the last try failed. An account with
 * two-step sign-in answers the right password with `codeNeeded`: the code field appears and takes
 * the focus, and the e-mail, password and code are sent together.
 */
function useSignIn(
  { expired, typed, painted }: { expired: boolean; typed: Typed; painted: PaintedRefusal },
  onSignedIn: (session: SessionInfo) => void,
) {
  const [email, setEmail] = useState(typed.email ?? '');
  const [password, setPassword] = useState(typed.password ?? '');
  /** Undefined until the server asks for a code. */
  const [code, setCode] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>(painted.errors ?? {});
  const [failure, setFailure] = useState(painted.failure ?? (expired ? text.expired : undefined));
  const [sending, setSending] = useState(false);
  const [focusCode, setFocusCode] = useState(0);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The code field exists only after the render that shows it.
  useEffect(() => {
    if (focusCode > 0) codeRef.current?.focus();
  }, [focusCode]);

  function refused(error: unknown) {
    if (error instanceof ApiError && error.status === 401 && error.body.codeNeeded) {
      setErrors(code === undefined ? {} : { code: text.codeWrong });
      setCode('');
      setFocusCode((n) => n + 1);
      return;
    }
    setFailure(failureMessage(error));
    setPassword('');
    setCode(undefined);
    passwordRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = missingValues(email, password, code);
    setErrors(missing);
    if (missing.email || missing.password || missing.code) {
      if (missing.email) emailRef.current?.focus();
      else if (missing.password) passwordRef.current?.focus();
      else codeRef.current?.focus();
      return;
    }
    setSending(true);
    setFailure(undefined);
    try {
      onSignedIn(await adminApi.signIn(email.trim(), password, code?.trim()));
    } catch (error) {
      refused(error);
    } finally {
      setSending(false);
    }
  }

  return {
    email: {
      error: errors.email,
      input: { ref: emailRef, value: email, onChange: (event) => setEmail(event.target.value) },
    } satisfies Omit<FieldProps, 'id' | 'label'>,
    password: {
      error: errors.password,
      input: {
        ref: passwordRef,
        value: password,
        onChange: (event) => setPassword(event.target.value),
      },
    } satisfies Omit<FieldProps, 'id' | 'label'>,
    code:
      code === undefined
        ? undefined
        : ({
            error: errors.code,
            input: { ref: codeRef, value: code, onChange: (event) => setCode(event.target.value) },
          } satisfies Omit<FieldProps, 'id' | 'label'>),
    failure,
    sending,
    submit,
  };
}

export function SignInPage({
  expired,
  notice,
  typed = {},
  painted = {},
  onSignedIn,
}: {
  expired: boolean;
  /** What was typed into the document's own form before the script ran (first-paint.ts). */
  typed?: Typed;
  painted?: PaintedRefusal;
  /** What just happened, said before the form (after 'Sign out everywhere'). */
  notice?: string | undefined;
  onSignedIn: (session: SessionInfo) => void;
}) {
  const { email, password, code, failure, sending, submit } = useSignIn(
    { expired, typed, painted },
    onSignedIn,
  );
  return (
    <Panel id="sign-in-heading" title={text.heading}>
      {notice && (
        <p
          role="status"
          className="mt-4 rounded-md border-l-4 border-navy-700 bg-navy-50 p-3 font-semibold text-navy-950"
        >
          {notice}
        </p>
      )}
      <p className="mt-2 text-slate-700">{text.intro}</p>
      <NeedsScript words={adminText.firstPaint.listNeedsScript} />
      <div role="alert" className="mt-4 empty:hidden">
        {failure && (
          <p className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800">
            {failure}
          </p>
        )}
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-5">
        <Field
          id="sign-in-email"
          label={text.email}
          error={email.error}
          input={{ ...email.input, type: 'email', name: 'email', autoComplete: 'username' }}
        />
        <Field
          id="sign-in-password"
          label={text.password}
          error={password.error}
          input={{
            ...password.input,
            type: 'password',
            name: 'password',
            autoComplete: 'current-password',
          }}
        />
        {code && (
          <Field
            id="sign-in-code"
            label={text.code}
            hint={text.codeHint}
            error={code.error}
            input={{
              ...code.input,
              type: 'text',
              name: 'code',
              autoComplete: 'one-time-code',
              inputMode: 'numeric',
              spellCheck: false,
              autoCapitalize: 'off',
            }}
          />
        )}
        <SendingButton sending={sending} label={text.submit} sendingLabel={text.submitting} />
      </form>
    </Panel>
  );
}
