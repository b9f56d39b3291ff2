import { Download, FileText } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { adminText } from '../../content/admin';
import { fileSize } from '../../forms/resume';
import { adminApi } from '../api';
import type { SubmissionDetail } from '../contract';
import { DetailCard } from '../shared/detail-card';

const text = adminText.submission;

/** The files that came with a submission (an applicant's résumé), each with a Download button. */
export function AttachmentList({ detail }: { detail: SubmissionDetail }) {
  if (detail.attachments.length === 0) return null;
  return (
    <DetailCard id="files-heading" title={text.files}>
      <ul className="mt-4 space-y-3">
        {detail.attachments.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <FileText aria-hidden="true" className="size-6 shrink-0 text-navy-700" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold wrap-anywhere">{file.name}</span>
              <span className="block text-sm text-slate-600">
                {text.fileTypes[file.type] ?? file.type} · {fileSize(file.size)}
              </span>
            </span>
            <a
              href={adminApi.attachmentUrl(detail.id, file.id)}
              download
              className={buttonClasses('secondary', 'md')}
            >
              <Download aria-hidden="true" className="size-4" />
              {text.download} <span className="sr-only">{file.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}
