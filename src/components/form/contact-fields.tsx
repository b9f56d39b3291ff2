import { limits } from '../../forms/rules';
import type { FieldText } from './field-frame';
import { FieldRow } from './form-section';
import { TextField } from './text-field';

interface ContactFieldsProps<Name extends string> {
  /** The form's name for the person's full name, e.g. 'clientName'. */
  nameField: Name;
  /** The form's words for each of the three fields. */
  text: Record<Name | 'phone' | 'email', FieldText>;
}

/** A street address ('address' in both forms): the event's venue or the applicant's home. */
export function AddressField({ text }: { text: FieldText }) {
  return (
    <TextField name="address" {...text} autoComplete="street-address" maxLength={limits.address} />
  );
}

/** How to reach the person who fills in a form: full name, then phone and e-mail side by side. */
export function ContactFields<Name extends string>({ nameField, text }: ContactFieldsProps<Name>) {
  return (
    <>
      <TextField
        name={nameField}
        {...text[nameField]}
        autoComplete="name"
        maxLength={limits.name}
      />
      <FieldRow>
        <TextField
          name="phone"
          {...text.phone}
          type="tel"
          autoComplete="tel"
          maxLength={limits.phone}
        />
        <TextField
          name="email"
          {...text.email}
          type="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={limits.email}
        />
      </FieldRow>
    </>
  );
}
