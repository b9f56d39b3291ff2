/**
 * The mail check's words (docs/mail-delivery.md), said the same by the launch checklist's mail
 * section and `npm run admin -- check-mail` (src/admin/mail-check-lines.ts puts them together).
 * Plain words first, the technical name after; each problem with its fix.
 */
export const mailCheckText = {
  heading: 'E-mail delivery',
  intro:
    'Whether the site’s e-mails (acknowledgements, your notifications, replies) can reach Gmail and Outlook inboxes.',
};
