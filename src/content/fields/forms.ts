import type { FormsContent } from '../forms.ts';
import { code, line, room, type PartFields, type TextLeaf } from './declare.ts';

/** The words both forms share (src/content/forms.ts), and the makings of each form's boxes. */

/** The forms speak to the visitor: the Spanish site's voice is usted (src/content/es/glossary.ts). */
export const usted =
  'In Spanish, address the visitor as usted (e.g. “Incluya”, never “Incluye”; “su”, never “tu”).';

const toVisitor = (leaf: TextLeaf): TextLeaf => ({ ...leaf, spanish: usted });

/** A form box's label (or a group of boxes' legend): what the visitor reads above it. */
export const boxLabel = (box: string, form: string): TextLeaf =>
  toVisitor(line('Label', `Above the ${box} box of the ${form}.`, room.heading));

/** A form box's hint: the help under its label. */
export const boxHint = (box: string, form: string): TextLeaf =>
  toVisitor(
    line('Help', `The help under the label of the ${box} box of the ${form}.`, room.sentence),
  );

/** A section's heading of a form. */
export const sectionHeading = (section: string, form: string): TextLeaf =>
  line(section, `The heading of the ${form}'s ${section} section.`, room.heading);

/** A message the form shows under a box the visitor must correct. */
export const message = (label: string, when: string): TextLeaf =>
  toVisitor(line(label, `Shown under the box ${when}.`, room.sentence));

export const formTextFields: PartFields<FormsContent['formText']> = {
  requiredNote: line(
    'Required fields note',
    'At the top of both forms: which fields the visitor must fill in.',
    room.sentence,
  ),
  optional: line('Optional', 'After the label of a box that may stay empty.', room.word),
  // Read by screen readers before each message; the server's answers are not the owner's.
  errorPrefix: code,
  errorSummaryTitle: line(
    'Problems heading',
    'The heading of the list of problems after a send that failed.',
    room.label,
  ),
  errorSummaryIntro: line(
    'Problems introduction',
    'The sentence under that heading.',
    room.heading,
  ),
  submitting: line('Sending', 'The send button while the form is being sent.', room.word + 6),
  selectPlaceholder: line('No choice yet', 'A drop-down list before a choice.', room.label),
  honeypotLabel: code,
  invalidOption: code,
  mustBeText: code,
  notAnObject: code,
  unknownFields: code,
  tooLong: code,
};
