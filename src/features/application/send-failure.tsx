import { CircleAlert } from 'lucide-react';
import { applicationFormContent } from '../../content/application-form';
import { useContent } from '../../content/use-content';

/** Says on the page that the application was not sent; the region exists before it is filled. */
export function SendFailure({ failed }: { failed: boolean }) {
  const { sendError } = useContent(applicationFormContent).applicationForm;
  return (
    <div role="alert">
      {failed && (
        <div className="flex gap-3 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{sendError.title}</p>
            <p className="mt-1">
              {sendError.message}{' '}
              <a
                href={`tel:${sendError.phone.e164}`}
                className="font-semibold whitespace-nowrap underline underline-offset-2"
              >
                {sendError.phone.display}
              </a>
              .
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
