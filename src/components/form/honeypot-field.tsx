import { formsContent } from '../../content/forms';
import { useContent } from '../../content/use-content';

interface HoneypotFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** A spam trap that people never see, reach by keyboard or hear; bots that fill it are found out. */
export function HoneypotField({ id, value, onChange }: HoneypotFieldProps) {
  const { formText } = useContent(formsContent);
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
      <label htmlFor={id}>{formText.honeypotLabel}</label>
      <input
        id={id}
        type="text"
        name="_gotcha"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
