import { useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { FieldFrame } from '../components/form/field-frame';
import { controlClass } from '../components/form/field-parts';
import { adminText } from '../content/admin';
import { Panel } from './panel';
import { SendingButton } from './sending-button';
import { adminApi, ApiError } from './api';
import type { SessionInfo } from './contract';

const text = adminText.signIn;

function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return text.unreachable;
  if (error.status === 429)
    return text.tooMany(Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)));
  if (error.status === 401 || error.status === 400) return text.incorrect;
  return text.unreachable;
}

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  input: ComponentProps<'input'>;
}

function Field({ id, label, error, input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      {(control) => <input className={controlClass(error)} {...control} {...input} />}
    </FieldFrame>
  );
}

/** The sign-in form's state: the two values, what is missing, why the last try failed. */
function useSignIn(expired: boolean, onSignedIn: (session: SessionInfo) => void) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | undefined>(expired ? text.expired : undefined);
  const [sending, setSending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = {
      ...(email.trim() ? {} : { email: text.emailMissing }),
      ...(password ? {} : { password: text.passwordMissing }),
    };
    setErrors(missing);
    if (missing.email || missing.password) {
      (missing.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSending(true);
    setFailure(undefined);
    try {
      onSignedIn(await adminApi.signIn(email.trim(), password));
    } catch (error) {
      setFailure(failureMessage(error));
      setPassword('');
      passwordRef.current?.focus();
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
    failure,
    sending,
    submit,
  };
}

export function SignInPage({
  expired,
  onSignedIn,
}: {
  expired: boolean;
  onSignedIn: (session: SessionInfo) => void;
}) {
  const { email, password, failure, sending, submit } = useSignIn(expired, onSignedIn);
  return (
    <Panel id="sign-in-heading" title={text.heading}>
      <p className="mt-2 text-slate-700">{text.intro}</p>
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
        <SendingButton sending={sending} label={text.submit} sendingLabel={text.submitting} />
      </form>
    </Panel>
  );
}
