import { useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import { buttonClasses } from '../components/button-link';
import { controlClass, FieldError, FieldFrame } from '../components/form/field-parts';
import { adminText } from '../content/admin';
import { Panel } from './panel';
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
    <FieldFrame error={error}>
      <label htmlFor={id} className="block font-semibold text-navy-950">
        {label}
      </label>
      <input
        id={id}
        className={controlClass(error)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </FieldFrame>
  );
}

export function SignInPage({
  expired,
  onSignedIn,
}: {
  expired: boolean;
  onSignedIn: (session: SessionInfo) => void;
}) {
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
          error={errors.email}
          input={{
            ref: emailRef,
            type: 'email',
            name: 'email',
            autoComplete: 'username',
            value: email,
            onChange: (event) => setEmail(event.target.value),
          }}
        />
        <Field
          id="sign-in-password"
          label={text.password}
          error={errors.password}
          input={{
            ref: passwordRef,
            type: 'password',
            name: 'password',
            autoComplete: 'current-password',
            value: password,
            onChange: (event) => setPassword(event.target.value),
          }}
        />
        <button
          type="submit"
          disabled={sending}
          className={`${buttonClasses('secondary', 'lg')} w-full`}
        >
          {sending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {sending ? text.submitting : text.submit}
        </button>
      </form>
    </Panel>
  );
}
