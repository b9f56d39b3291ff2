import { company } from './company';

/** Every text of the owner's inbox at /admin/ (src/admin). English: the owner's working language. */

/** What the inbox calls each type of file it stores. */
const fileTypes: Partial<Record<string, string>> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
};

export const adminText = {
  appName: 'Inbox',
  loading: 'Loading…',
  skipLink: 'Skip to main content',

  setup: {
    heading: 'Create the first account',
    intro:
      'No one can sign in yet. On the machine that runs the website, in the project folder, run:',
    command: 'npm run admin -- add-user you@example.com',
    after:
      'It asks for a password of at least 12 characters, twice. Then reload this page and sign in.',
    reload: 'Reload',
  },

  signIn: {
    heading: 'Sign in',
    intro: `The inbox of ${company.name}'s website: quote requests and job applications.`,
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    emailMissing: 'Enter your email address',
    passwordMissing: 'Enter your password',
    incorrect: 'Email or password is incorrect.',
    tooMany: (minutes: number) =>
      `Too many failed attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    expired: 'Your session has ended. Please sign in again.',
    unreachable: 'The server could not be reached. Check the connection and try again.',
  },

  header: {
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
  },

  statuses: {
    new: 'New',
    in_progress: 'In progress',
    handled: 'Handled',
    spam: 'Spam',
  },

  forms: {
    quote: 'Quote request',
    application: 'Job application',
  } as Record<string, string>,

  inbox: {
    heading: 'Submissions',
    filtersLabel: 'Filters',
    statusLabel: 'Status',
    allStatuses: 'All',
    form: 'Form',
    allForms: 'All forms',
    from: 'Received from',
    to: 'Received until',
    search: 'Search',
    searchHint: 'Any word of a name, e-mail, phone number, message or note.',
    clear: 'Clear filters',
    export: 'Export CSV',
    more: 'Show more',
    loadingMore: 'Loading…',
    empty: 'No submissions match these filters.',
    emptyInbox: 'No submissions yet. Quote requests and applications appear here as they arrive.',
    shown: (shown: number, more: boolean) =>
      `${shown} ${shown === 1 ? 'submission' : 'submissions'}${more ? ' shown, more below' : ''}`,
    sinceLastVisit: 'Since your last visit',
    withResume: 'Résumé attached',
    guests: (count: string) => `${count} guests`,
    event: 'Event',
    loadFailed: 'The submissions could not be loaded.',
    retry: 'Try again',
    needsReply: 'Needs a reply',
    overdueCount: (count: number) => `${count} overdue`,
    overdue: 'Overdue',
    respondBy: (at: string) => `Respond by ${at}`,
    quoteBy: (at: string) => `Quote by ${at}`,
    weeklyLink: 'The last 12 weeks',
    roster: {
      heading: 'Applicant roster',
      hint: 'Ticks in one group: any of them. Ticks in several groups: all of them.',
      chosen: (count: number) => `${count} ${count === 1 ? 'filter' : 'filters'}`,
      position: 'Positions',
      language: 'Languages',
      day: 'Days',
      shift: 'Shift',
      experience: 'Experience',
    },
  },

  submission: {
    back: 'Back to the inbox',
    received: 'Received',
    contact: 'Contact',
    reply: 'Reply by email',
    replySubject: (form: string) =>
      form === 'application'
        ? `Your application to ${company.name}`
        : `Your quote request to ${company.name}`,
    call: 'Call',
    whatsApp: 'WhatsApp',
    statusLegend: 'Status',
    statusSaved: (status: string) => `Status saved: ${status}.`,
    note: 'Private note',
    noteHint: 'Only people who sign in here see it. It is searchable.',
    saveNote: 'Save note',
    noteSaved: 'Note saved.',
    saveFailed: 'Not saved: the server could not be reached. Try again.',
    fields: 'What they sent',
    files: 'Résumé',
    download: 'Download',
    fileTypes,
    language: 'Browser language',
    unknownLanguage: 'Not known',
    siteLanguage: 'Sent from',
    siteLanguages: { en: 'The English site', es: 'The Spanish site' } as Record<string, string>,
    history: 'History',
    receivedEvent: 'Received through the website',
    statusEvent: (status: string, user: string) => `Marked ${status} by ${user}`,
    noteEvent: (user: string) => `Note changed by ${user}`,
    notification: 'Email notification',
    acknowledgement: 'Acknowledgement to the sender',
    acknowledgementOff:
      'None: acknowledgements are off on this server, or this address already had one in the last 24 hours.',
    promise: 'The promise',
    respondBy: 'Respond by',
    quoteBy: 'Quote by',
    firstResponse: 'First response',
    notYet: 'Not yet',
    answeredAfter: (at: string, hours: string) => `${at}, after ${hours} business hours`,
    notificationStates: {
      off: 'Not sent: notifications are not set up on this server.',
      pending: 'Waiting to be sent.',
      sent: (at: string) => `Sent ${at}.`,
      retrying: (attempts: number, next: string) =>
        `Failed ${attempts} ${attempts === 1 ? 'time' : 'times'}; next try ${next}.`,
      failed: (attempts: number) => `Given up after ${attempts} failed attempts.`,
    },
    notFound: 'This submission does not exist.',
    loadFailed: 'This submission could not be loaded.',
  },

  weekly: {
    /** The document's title, and what a link to the page may say. */
    title: 'The weekly picture',
    heading: 'The last 12 weeks',
    back: 'Back to the inbox',
    intro:
      'Quote requests and job applications received each week (Monday to Sunday), and how soon quotes had a first reply, counted in business hours. The current week is still running.',
    loadFailed: 'The weekly picture could not be loaded.',
    retry: 'Try again',
    weekOf: (day: string) => `Week of ${day}`,
    hours: (value: string) => `${value} h`,
    promise: (hours: string) => `Promise: ${hours} business ${hours === '1' ? 'hour' : 'hours'}`,
    quotes: 'Quotes',
    applications: 'Applications',
    countsTitle: 'Quotes and applications per week',
    countsDesc: (from: string, to: string, quotes: number[], applications: number[]) =>
      `Quotes per week from ${from} to ${to}: ${quotes.join(', ')}; applications: ${applications.join(', ')}.`,
    responseTitle: 'Median time to first response per week, in business hours',
    /** `medians`: each week's, already written ('2.5 h', or `noRepliesShort`). */
    responseDesc: ({
      from,
      to,
      medians,
      within,
      measured,
      promise,
    }: {
      from: string;
      to: string;
      medians: string[];
      within: number;
      measured: number;
      promise: string;
    }) =>
      `Median first response per week from ${from} to ${to}: ${medians.join(', ')}. ${
        measured === 0
          ? 'No quote has had a reply yet.'
          : `${within} of ${measured} ${measured === 1 ? 'week' : 'weeks'} with replies within the promise of ${promise} business hours.`
      }`,
    noRepliesShort: 'no replies',
    tableCaption: 'Week by week',
    week: 'Week',
    replied: 'Replied',
    median: 'Median first response',
    withinPromise: 'Within promise',
    yes: 'Yes',
    no: 'No',
    noReplies: 'No replies yet',
  },
};
