import { applicationFormContent } from '../../content/application-form';
import { FormConfirmation } from '../../components/form/form-confirmation';
import { useContent } from '../../content/use-content';

export function ApplicationConfirmation() {
  const { confirmation } = useContent(applicationFormContent).applicationForm;
  return (
    <FormConfirmation heading={confirmation.heading}>
      <p>{confirmation.message}</p>
      <div className="rounded-lg bg-navy-50 p-5 text-left sm:p-6">
        <h3 className="text-xl font-bold text-navy-950">{confirmation.nextStepsTitle}</h3>
        <ol className="mt-4 space-y-4">
          {confirmation.nextSteps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <div className="text-base">
                <p className="font-semibold text-navy-950">{step.title}</p>
                <p className="text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </FormConfirmation>
  );
}
