import { buttonClasses } from '../../components/button-link';

/** A screen's data did not come: says so (an alert) and offers to ask again. */
export function LoadFailed(props: { message: string; retry: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4">
      <p className="font-semibold text-red-800">{props.message}</p>
      <button
        type="button"
        onClick={props.onRetry}
        className={`${buttonClasses('outline', 'md')} mt-3`}
      >
        {props.retry}
      </button>
    </div>
  );
}
