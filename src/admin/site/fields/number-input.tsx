import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: unknown;
  /** Called with each number typed; not while the box is empty or holds no number. */
  onNumber: (value: number) => void;
  /** Whether what is typed now is not a number (to say so). */
  onText?: (isNumber: boolean) => void;
};

const shown = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/**
 * A number box that lets the owner clear it and type again: what is typed is kept here, and only a
 * number reaches the value. A value changed from elsewhere (another draft loaded) shows at once.
 */
export function NumberInput({ value, onNumber, onText, ...rest }: Props) {
  const [typed, setTyped] = useState({ text: shown(value), of: value });
  const text = Object.is(typed.of, value) ? typed.text : shown(value);
  return (
    <input
      {...rest}
      type="number"
      value={text}
      onChange={(event) => {
        const raw = event.target.value;
        const number = Number(raw);
        const isNumber = raw.trim() !== '' && Number.isFinite(number);
        setTyped({ text: raw, of: isNumber ? number : value });
        onText?.(isNumber);
        if (isNumber) onNumber(number);
      }}
    />
  );
}
