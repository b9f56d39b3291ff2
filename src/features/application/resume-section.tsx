import { useLocation } from 'react-router';
import { applicationFormContent } from '../../content/application-form';
import { FOCUS_FIELD_PARAM } from '../../content/routes';
import { FileField } from '../../components/form/file-field';
import { FormSection } from '../../components/form/form-section';
import { fileSize, RESUME_FIELD, resumeAccept } from '../../forms/resume';
import { useContent } from '../../content/use-content';

interface ResumeSectionProps {
  file: File | undefined;
  /** The name of a résumé chosen before the page reloaded, '' when there is none. */
  lostName: string;
  /** The name of the résumé a post without JavaScript sent, which its answer cannot hold. */
  postedName?: string | undefined;
  onChoose: (file: File | undefined) => Promise<string | undefined>;
}

/** The optional résumé; a link such as the team page's (?field=resume) leads straight to it. */
export function ResumeSection({ file, lostName, postedName, onChoose }: ResumeSectionProps) {
  const { fields, sections, resume: text } = useContent(applicationFormContent).applicationForm;
  const { search } = useLocation();
  return (
    <FormSection title={sections.resume}>
      <FileField
        name={RESUME_FIELD}
        {...fields.resume}
        optional
        accept={resumeAccept}
        chosen={
          file && {
            summary: text.chosen(file.name, fileSize(file.size)),
            removeLabel: text.removeLabel(file.name),
          }
        }
        removeText={text.remove}
        note={
          postedName
            ? text.notResent(postedName)
            : lostName
              ? text.lostOnReload(lostName)
              : undefined
        }
        focusOnMount={new URLSearchParams(search).get(FOCUS_FIELD_PARAM) === RESUME_FIELD}
        onChoose={onChoose}
      />
    </FormSection>
  );
}
