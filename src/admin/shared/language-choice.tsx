/** English or Spanish, two large radios side by side: a reply's language, an e-mail's. */
export function LanguageChoice<L extends 'en' | 'es'>({
  legend,
  name,
  languages,
  labels,
  language,
  onChoose,
}: {
  legend: string;
  /** The radios' group name, one per form. */
  name: string;
  languages: readonly L[];
  labels: Record<L, string>;
  language: L;
  onChoose: (language: L) => void;
}) {
  return (
    <fieldset>
      <legend className="font-semibold text-navy-950">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:max-w-sm">
        {languages.map((value) => (
          <label
            key={value}
            lang={value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 hover:border-navy-600 has-checked:border-navy-900 has-checked:bg-navy-50 has-checked:font-semibold"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={language === value}
              onChange={() => onChoose(value)}
              className="size-5 accent-navy-800"
            />
            {labels[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
