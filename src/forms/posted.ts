/**
 * A form sent without JavaScript (an ordinary HTML form post) and the receiver's answer to it: the
 * form page again, rendered on the server by the same components (src/entry-server.tsx,
 * `renderFormAnswer`), either as its confirmation or with every value the visitor gave and each
 * field's message.
 */
export interface PostedForm {
  form: 'quote' | 'application';
  /** Stored: the page shows the confirmation. */
  sent: boolean;
  /** The values as the form holds them (a list field as a list), the file fields left out. */
  values: Record<string, string | string[]>;
  /** Field name → the message the browser would show for it. */
  errors: Record<string, string>;
  /** File field → the name of the file that was sent, which the visitor must choose again. */
  fileNames?: Record<string, string>;
}

/** The hidden field that names the page's language in a post without JavaScript. */
export const LANGUAGE_FIELD = '_language';
