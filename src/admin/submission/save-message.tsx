/** Where a save is announced: always in the page, so that screen readers hear each change. */
export function SaveMessage({ message }: { message?: { text: string; failed: boolean } }) {
  return (
    <p
      role="status"
      className={`text-sm font-semibold ${message?.failed ? 'text-red-700' : 'text-green-800'}`}
    >
      {message?.text ?? ''}
    </p>
  );
}
