import { alertNotificationText } from './admin-alerts.ts';
import { companyContent } from './company.ts';
import { NOTHING_PUBLISHED } from './published.ts';

// The inbox's bundle does not carry the published version: its words name the business as the
// code does, but where a visitor reads the name (a reply's subject) the server gives the live one.
const { company } = companyContent(NOTHING_PUBLISHED);

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
  /** The document's own first screen, before the script (src/admin/first-paint.ts). */
  firstPaint: {
    /** While a signed-in owner's inbox loads: no name, no address, no count. */
    loading: 'Loading the inbox…',
    /** Signing in (and setting up) works without the script; the list does not: the forms and the frame say so. */
    listNeedsScript:
      'The list of submissions needs JavaScript. Turn it on for this site and reload the page.',
    /** A two-step account signed in by the document's own form: the code's step is React's. */
    twoStepNeedsScript:
      'This account signs in in two steps, and the step with the code needs JavaScript. Turn it on for this site and sign in again.',
  },

  setup: {
    heading: 'Claim this site',
    intro:
      'No one can sign in to the inbox yet. Enter the setup code, then choose the e-mail address and password you will sign in with.',
    whereCode:
      'When the website\'s server starts without an account, it prints the setup code in its output (its log), after "enter the setup code:". The code works once.',
    again: "On the server's machine, this command shows it again:",
    command: 'npm run admin -- setup-code',
    code: 'Setup code',
    codeHint: '12 letters and digits, e.g. 7KQ4-M2XD-9HRT. Capitals and hyphens are optional.',
    email: 'Your email address',
    emailHint: 'You sign in with it.',
    password: 'Choose a password',
    passwordHint: (min: number) =>
      `At least ${min} characters. A few unrelated words make a good one.`,
    repeat: 'Repeat the password',
    submit: 'Create the account',
    submitting: 'Creating the account…',
    codeMissing: 'Enter the setup code',
    codeShape: 'A setup code has 12 letters and digits, like 7KQ4-M2XD-9HRT',
    codeWrong: "This is not the setup code. Check it against the server's output.",
    emailMissing: 'Enter your email address',
    emailInvalid: 'Enter an email address like name@example.com',
    passwordMissing: 'Enter a password for the account',
    passwordShort: (min: number) => `The password must have at least ${min} characters`,
    repeatMissing: 'Enter the password a second time',
    repeatDiffers: 'The two passwords differ',
    refused: 'The setup code was not accepted. Nothing was created.',
    accountExists:
      'The inbox already has an account, so no setup code is needed any more. Sign in instead.',
    toSignIn: 'Go to sign-in',
    tooMany: (minutes: number) =>
      `Too many wrong setup codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    failed: 'The account could not be created. Reload the page and try again.',
    unreachable: 'The server could not be reached. Check the connection and try again.',
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
    /** The server's answer when too many sign-ins wait for a password check (a crowd of them). */
    busy: 'Too many sign-ins are being checked right now; try again in a few seconds.',
    busyFor: (seconds: number) =>
      `The server is busy checking other sign-ins. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    /** A sign-in whose account was signed out everywhere (or its password reset) meanwhile. */
    signedOutMeanwhile:
      'Your account was just signed out everywhere, or its password changed. Please sign in again.',
    expired: 'Your session has ended. Please sign in again.',
    unreachable: 'The server could not be reached. Check the connection and try again.',
    code: 'Code from your authenticator app',
    codeHint:
      'Two-step sign-in is on for this account: enter the 6 digits your app shows now, or one of your recovery codes.',
    codeMissing: 'Enter the code from your authenticator app',
    codeWrong:
      'This code is not correct, or it has been used already. Enter the code your app shows now.',
  },

  failedSignIns: (count: number, sources: number, last: string) =>
    `${count} failed ${count === 1 ? 'sign-in' : 'sign-ins'} to your account since your last visit, from ${sources} ${sources === 1 ? 'address' : 'addresses'}; the last on ${last}. None of them got in.`,

  /** The inbox's line about the nightly backups (server/data/nightly-backup.ts). */
  backups: {
    notSetUp:
      'Backups are not set up: nothing copies the submissions each night. Whoever runs the server can turn them on with BACKUP_DIR.',
    lastGood: (when: string) => `Last backup: ${when}.`,
    overdue: (when: string) =>
      `The last good backup is from ${when}, more than two days ago. Ask whoever runs the server to look at the backups.`,
    none: 'No backup has been made yet. Ask whoever runs the server to look at the backups.',
    lastFailed: (when: string) => ` The last try, on ${when}, failed.`,
    /** The copies kept beside the nightly ones (OtherCopies): what else fills the disk. */
    others: (count: number, size: string, kinds: string, oldest: string) =>
      `Other copies of the database on the server: ${count}, ${size} in all (${kinds}); the ${count === 1 ? 'copy' : 'oldest'} was made ${oldest}.`,
    kinds: {
      beforeUpgrade: (n: number) => `${n} made before an upgrade`,
      beforeRestore: (n: number) => `${n} set aside by a restore`,
      byHand: (n: number) => `${n} made by hand`,
    },
    othersKept:
      ' The server keeps the newest 3 made before an upgrade, and those set aside by a restore for 30 days (the newest 3 longer); whoever runs the server can delete the ones made by hand when they are no longer needed.',
  },

  /** 'Sign out everywhere', below every page of the inbox (src/admin/account/sign-out-everywhere.tsx). */
  signOutEverywhere: {
    summary: 'Signed in on another browser or phone?',
    explain:
      'If a phone was lost, or you signed in on a computer others use, sign out everywhere: every browser and phone signed in to your account is signed out at once, this one too, and no phone of yours gets alerts until you turn them on again. This browser stays known, so you can sign in again here straight away; any other browser has to sign in as a new one.',
    start: 'Sign out everywhere…',
    confirm:
      'Sign out on every browser and phone, this one included? You can sign in again here at once.',
    confirmButton: 'Yes, sign out everywhere',
    pending: 'Signing out everywhere…',
    cancel: 'Cancel',
    failed: 'Signing out everywhere failed: nothing changed. Check the connection and try again.',
    /** On the sign-in page afterwards. */
    done: 'You were signed out on every browser and phone. This browser is still known: sign in again here when you need to.',
  },

  header: {
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
  },

  /**
   * The installable inbox (docs/push.md, "The installable inbox"): its name on a phone's home
   * screen (the server's manifest), and the frame's notices: offline, and a new version ready.
   */
  shell: {
    /** The app's name: the business's as published, as the header says it. */
    appName: (business: string) => `${business} Inbox`,
    /** Under the icon on a home screen: a dozen characters show. */
    shortName: (mark: string) => `${mark} Inbox`,
    description:
      'The quote requests and job applications sent through the website, and your replies to them.',
    offline:
      'You are offline. Nothing new can be loaded or saved until the connection is back; this notice goes away by itself then.',
    /** Opened offline, before the inbox knew who is signed in. */
    offlineHeading: 'The inbox opens when you are back online',
    offlineIntro: 'Your submissions are never kept on this device, so they need the connection.',
    updateReady: 'A new version of the inbox is ready.',
    update: 'Update now',
    updating: 'Updating…',
  },

  /**
   * The inbox's notice when e-mail has waited more than 15 minutes (the outbox's state): how many,
   * how long, and why in plain words, with the relay's code for whoever runs the server.
   */
  mailWaiting: {
    waited: (count: number, age: string) =>
      `${count === 1 ? '1 e-mail has' : `${count} e-mails have`} waited ${age}`,
    age: (minutes: number) => {
      if (minutes < 120) return `${minutes} minutes`;
      const hours = Math.floor(minutes / 60);
      if (hours < 48) return `${hours} hours`;
      return `${Math.floor(hours / 24)} days`;
    },
    because: {
      refused: 'the mail relay refuses the connection',
      unreachable: 'the mail relay cannot be reached',
      notFound: 'the mail relay’s name is not found',
      timeout: 'the mail relay does not answer in time',
      signIn: 'the mail relay refuses the sign-in (the SMTP user or password is wrong)',
      secure: 'the secure connection to the mail relay fails',
      later: 'the mail relay asks to try again later',
      dropped: 'the connection to the mail relay is lost while an e-mail is being sent',
      other: 'sending them fails',
    },
    /** What happens next: they leave on their own once the relay answers, or once SMTP_URL is right. */
    sentWhenItAnswers: (count: number) =>
      `${count === 1 ? 'It is' : 'They are'} sent when the relay answers.`,
    sentWhenFixed: (count: number) =>
      `${count === 1 ? 'It is' : 'They are'} sent once whoever runs the server corrects SMTP_URL.`,
    /**
     * A refused sign-in or secure connection pauses the outbox (server/mail/outbox.ts): such an
     * e-mail is never given up for it, however long it waits.
     */
    notGivenUp: 'None is given up meanwhile.',
    /** The bound of that wait (server/mail/outbox.ts's maxWaitMs). */
    givenUpAfter: (days: number) =>
      `An e-mail still waiting after ${days} days is given up; its submission’s page can send it again.`,
    /** A failure of the message (a 4xx, a connection lost while sending): it uses up tries. */
    triedAgain: (count: number, tries: number) =>
      `${count === 1 ? 'It is' : 'Each is'} tried again, with growing waits, up to ${tries} times (about a day), then given up; its submission’s page can send it again.`,
    notTried: (count: number) =>
      `The server has not tried to send ${count === 1 ? 'it' : 'them'} yet. Ask whoever runs the server to look at the mail.`,
    /**
     * The outbox paused (server/mail/outbox.ts): the relay refuses our sign-in (or its secure
     * connection), so nothing is tried until a probe, once a minute, finds it accepting.
     */
    paused: {
      signIn: 'E-mail cannot be sent: the mail server refused our sign-in',
      secure: 'E-mail cannot be sent: the mail server refused our secure connection',
    },
    pausedSince: (when: string, code: string) => `, since ${when} (${code}).`,
    pausedNext: (count: number) =>
      `${count === 0 ? 'E-mails wait meanwhile' : count === 1 ? '1 e-mail waits' : `${count} e-mails wait`}, and none is given up. The server asks the mail server again every minute and sends them all as soon as it accepts; if the SMTP password was changed, whoever runs the server corrects SMTP_URL and restarts it.`,
  },

  /**
   * The inbox's banner on mail that fails (src/admin/inbox/notices/mail-failures.tsx;
   * docs/mail-delivery.md#when-mail-fails-the-inboxs-banner): e-mails given up lately, a mail
   * server that has not answered this instance's checks, the sending domain's records.
   */
  mailFailures: {
    gaveUp: (count: number, days: number) =>
      `${count === 1 ? '1 e-mail' : `${count} e-mails`} could not be delivered in the last ${days} days`,
    latest: (when: string) => ` (the latest ${when}`,
    /** Why the latest was given up, by its code's kind, with the code itself. */
    because: {
      refused: 'the mail server refused it',
      relay: 'the mail server could not be reached for days',
      tries: 'every try failed',
    },
    where: (count: number) =>
      count === 1
        ? ' Its submission’s page says which e-mail it was and has ‘Send again’.'
        : ' Each one’s submission page says which e-mail it was and has ‘Send again’.',
    /** The relay has not answered this instance's checks (server/mail/check/mail-watch.ts). */
    relayDown: (age: string, code: string) =>
      `The mail server has not answered for ${age} (${code}): no e-mail can leave until it does. New e-mails wait, and leave once it answers. Whoever runs the server can check that it is up and that SMTP_URL names it.`,
    /** The sending domain's records missing or wrong (MailDnsState's problems), by name. */
    dns: (domain: string, names: string[]) => {
      const joined =
        names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
      const one = names.length === 1;
      return `The site’s e-mail may land in spam: the ${joined} ${one ? 'record' : 'records'} of ${domain} ${one ? 'is' : 'are'} missing or not right.`;
    },
    names: { spf: 'SPF', dmarc: 'DMARC', dkim: 'DKIM' },
    /** Around the link to the launch checklist's mail section (#/site?at=mail). */
    dnsFix: { before: ' The records to add are in the ', link: 'launch checklist', after: '.' },
  },

  /**
   * Alerts on the owner's devices (#/devices, src/admin/devices/; docs/push.md): Web Push turned on
   * per device, the devices that get them, and the service worker's notification words.
   */
  devices: {
    title: 'Alerts on your devices',
    heading: 'Alerts on your devices',
    headerLink: 'Alerts',
    back: 'Back to the inbox',
    intro:
      'An alert comes to each device you turn on here for a new quote or application that is not spam, a reply due in 30 minutes, and e-mail that has waited more than 15 minutes. Your e-mails stay as they are.',
    thisDevice: 'This device',
    turnOn: 'Notify me on this device',
    turningOn: 'Turning on…',
    checking: 'Checking what this browser can do…',
    on: 'Alerts are on for this device.',
    off: 'Alerts are off for this device.',
    unsupported:
      'This browser cannot show alerts from the inbox. A recent Chrome, Edge, Firefox or Safari can.',
    /** iPhone and iPad: Web Push only reaches a web app on the Home Screen (iOS 16.4 and later). */
    installFirst:
      'On an iPhone or iPad, alerts need the inbox on your Home Screen: tap Share, then Add to Home Screen, then open the inbox from its new icon and turn alerts on there.',
    denied:
      'This browser is set to block the inbox’s alerts. To allow them again, open the site’s settings (the icon beside the address; on a phone, the browser’s Settings, then Notifications), set Notifications to Allow, and reload this page.',
    dismissed:
      'Alerts were not allowed, so nothing changed. Tap the button again to be asked again.',
    /** PushManager.subscribe failed: nothing was turned on; `reason` says why in words. */
    subscribeFailed: (reason: string) =>
      `This browser could not turn alerts on: ${reason}. Nothing was changed.`,
    reasons: {
      unreachable:
        'its push service cannot be reached (is the device offline, or is the push service blocked?)',
      notReady: 'the inbox’s background worker is not running yet; reload the page and try again',
      blocked: 'the browser refused to subscribe',
      other: (message: string) => (message ? `the browser said “${message}”` : 'no reason given'),
    },
    saveFailed:
      'The server did not keep this device, so alerts stay off here. Check the connection and try again.',
    saveRefused: (why: string) => `The server refused this device: ${why} Alerts stay off here.`,
    list: 'Devices that get alerts',
    none: 'No device gets alerts yet.',
    thisDeviceMark: 'This device',
    since: (when: string) => `On since ${when}`,
    lastAlert: (when: string) => `Last alert ${when}`,
    noAlertYet: 'No alert yet',
    turnOff: 'Turn off',
    turnedOff: (label: string) => `Alerts are off for ${label}.`,
    turnOffFailed: (label: string) => `${label} could not be turned off. Try again.`,
    loadFailed: 'The devices could not be loaded.',
    retry: 'Try again',
    /** A device's name in the list, from its browser and system: "Chrome on Android". */
    label: (browser: string, system: string) => (system ? `${browser} on ${system}` : browser),
    unknownBrowser: 'A browser',
    /** What the service worker shows when a push's words cannot be read. */
    notification: alertNotificationText,
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
    /** The inbox's own composer (#/submissions/:id/reply). */
    replyHere: 'Reply',
    /** The visitor's address in the owner's own mail app, for what the composer does not do. */
    reply: 'Write from your mail app',
    /** `businessName`: the live version's (SubmissionDetail), else the code's. */
    replySubject: (form: string, businessName: string = company.name) =>
      form === 'application'
        ? `Your application to ${businessName}`
        : `Your quote request to ${businessName}`,
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
    /** A status chosen on the page: by hand (an answer given by phone), not by a reply sent here. */
    statusEvent: (status: string, user: string) => `Marked ${status} by hand by ${user}`,
    /** `metPromise`: the first reply, which moved it from New to In progress. */
    replyEvent: (user: string, metPromise: boolean) =>
      metPromise ? `Replied by ${user} — the first reply met the promise` : `Replied by ${user}`,
    answerEvent: 'Answer from the visitor — needs a reply again',
    answerWaiting: (at: string) => `They answered on ${at}; waiting for your reply.`,
    /** After the composer's Send (it navigates back here). */
    replySent: (to: string) => `Reply sent to ${to} — it leaves with the outbox.`,
    conversation: 'Replies and answers',
    replyBy: (user: string) => `Reply by ${user}`,
    answerFrom: (from: string) => `Answer from ${from}`,
    replyTo: (to: string) => `To ${to}`,
    quoted: 'The text it quotes',
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
    /** `hours` as formatted (up to one decimal): '0' is a reply within a few minutes of business time. */
    answeredAfter: (at: string, hours: string) =>
      hours === '0'
        ? `${at}, within minutes (business time)`
        : `${at}, after ${hours} business ${hours === '1' ? 'hour' : 'hours'}`,
    notificationStates: {
      off: 'Not sent: notifications are not set up on this server.',
      pending: 'Waiting to be sent.',
      sent: (at: string) => `Sent ${at}.`,
      // No try counted: only the relay failed (not reached, sign-in refused), which uses up none.
      retrying: (attempts: number, next: string) =>
        attempts === 0
          ? `Waiting for the mail relay; next try ${next}.`
          : `Failed ${attempts} ${attempts === 1 ? 'time' : 'times'}; next try ${next}.`,
      /** Waiting while the outbox is paused (server/mail/outbox.ts): nothing is tried meanwhile. */
      paused: (since: string, code: string) =>
        `Waiting: the mail server refuses our sign-in (since ${since}, ${code}). It is sent once it accepts it again; it is not given up meanwhile.`,
      failed: (attempts: number, error: string | null) =>
        (attempts === 0
          ? 'Given up after days of waiting for the mail relay'
          : `Given up after ${attempts} failed ${attempts === 1 ? 'attempt' : 'attempts'}`) +
        (error ? ` (${error}).` : '.'),
    },
    /** A given-up e-mail's button, and what its press says. */
    sendAgain: 'Send again',
    sendingAgain: 'Queuing…',
    sentAgain: 'Queued again: it will be sent in a moment.',
    sentAgainPaused:
      'Queued again: it waits until the mail server accepts our sign-in (see the notice in the inbox).',
    sendAgainFailed: 'Not queued: the server could not be reached. Try again.',
    notFound: 'This submission does not exist.',
    loadFailed: 'This submission could not be loaded.',
    retry: 'Try again',
    spam: {
      heading: 'Why this is in Spam',
      intro:
        'It was kept aside: no notification was sent, and no acknowledgement went to the sender at the time. These signs added up:',
      /** The intro when an acknowledgement was queued for it before (it was taken out of Spam, then back). */
      introAcknowledged:
        'It was kept aside: no notification was sent. The sender was sent an acknowledgement when it was taken out of Spam before. These signs added up:',
      notSpam: 'Not spam',
      notSpamHint:
        'Moves it to New, and sends the sender the acknowledgement they missed if it arrived less than 7 days ago.',
      movedToNew: 'Moved to New.',
      /** What 'Not spam' did about the acknowledgement the sender missed. */
      acknowledgementSent: (to: string) =>
        `Acknowledgement on its way to ${to} (queued; it promises a reply counted from when it leaves).`,
      acknowledgementNotSent: {
        'too-old': 'Acknowledgement not sent: older than 7 days. Write to them yourself.',
        'already-sent': 'The sender already had an acknowledgement for it.',
        'no-address': 'Acknowledgement not sent: it gives no e-mail address.',
        off: 'Acknowledgement not sent: acknowledgements are not set up.',
        handled:
          'Acknowledgement not sent: it is marked Handled, and the acknowledgement promises a reply. Choose New or In progress to send it.',
      },
      /** Each reason code of server/guard/spam-score.ts, in words. */
      reasons: {
        'pow-missing': 'The page’s background check did not run (no script, or an old phone).',
        'pow-invalid': 'The background check’s answer was forged.',
        'pow-replayed': 'The background check’s answer had already been used by another post.',
        'too-fast': 'It was sent less than 3 seconds after the form was opened.',
        honeypot: 'A hidden field that people never see was filled in (a robot fills every field).',
        'link-list': 'It holds 3 to 11 web links (maps and this site’s own pages not counted).',
        'link-farm': 'It holds 12 or more web links: more than any message about one event.',
        'link-markup': 'It holds links written as forum or web-page code ([url] or <a href>).',
        'random-name': 'The name looks like random letters.',
        gibberish: 'Part of the message is random letters (reference codes may look so too).',
        'keyboard-mash': 'The message is nothing but random letters.',
        'repeated-text': 'The same text is written again and again.',
        'sales-pitch':
          'It uses phrases of a sales pitch (such as “first page of Google”, “guaranteed returns”, “passive income”), and its message names no event (or the phrase is one no client writes, such as “backlinks”).',
        'pitch-link': 'The sales pitch carries a web link.',
        'pitch-phrases':
          'It uses two or more different sales-pitch phrases, or one beside an opener such as “I came across your website” in a message about no event.',
        'foreign-link':
          'It is written mostly in another alphabet, says nothing of an event, carries a web link, and the background check did not run.',
        'name-link': 'The name is a web address.',
        'name-repeated':
          'The name is written again in two or more other fields (the e-mail not counted).',
        // No longer given, kept for submissions scored before, in the words of what they meant then.
        links: 'It holds 3 or 4 web links.',
        'many-links': 'It holds 5 or more web links.',
        'spam-words': 'It used two words from a list of sales-pitch words (an older check).',
        'foreign-script': 'It is written in another alphabet (no longer counted as a sign).',
      } as Record<string, string>,
      unknownReason: (code: string) => `Another sign (${code}).`,
    },
  },

  /** The reply composer (src/admin/replies/composer-page.tsx), docs/replies.md. */
  composer: {
    title: 'Reply',
    heading: (name: string) => `Reply to ${name}`,
    back: 'Back to the submission',
    whatTheySent: 'What they sent',
    to: 'To',
    subject: 'Subject',
    language: 'Language',
    languages: { en: 'English', es: 'Español' },
    template: 'Template',
    noTemplate: 'None: a blank reply',
    noTemplates: 'This form has no templates yet. Write them in Templates.',
    templatesLink: 'Templates',
    body: 'Your reply',
    bodyHint: 'Sent as plain text, as you see it here.',
    /** The chosen template has no Spanish: said before Send, tied to the text box. */
    noSpanish:
      'This template has no Spanish text yet: the English is filled in. Write the Spanish here or in Templates.',
    /** The owner had changed the text when they chose another template or language. */
    kept: 'You had changed the text, so it was kept.',
    /** Next to Send: the template's English is still the text of a reply in Spanish. */
    sendInEnglish: 'This sends the English text: the template has no Spanish yet.',
    /** The composer reopened on the text the owner left unsent in this tab. */
    restored: 'Your unsent reply is back as you left it.',
    replace: (template: string, language: string) => `Replace it with “${template}” in ${language}`,
    send: 'Send',
    sending: 'Sending…',
    subjectMissing: 'Write a subject',
    subjectTooLong: (max: number) => `At most ${max} characters`,
    subjectOneLine: 'One line, please',
    bodyMissing: 'Write the reply',
    bodyTooLong: (max: number) => `At most ${max} characters`,
    refused: {
      spam: 'It is in Spam, so no reply can be sent from here. If it is a real request, open it and choose “Not spam” first.',
      'no-address': 'They gave no e-mail address, so no reply can be sent. Call them instead.',
    },
    toSubmission: 'Open the submission',
    notFound: 'This submission does not exist.',
    loadFailed: 'The reply could not be prepared. Check the connection and try again.',
    retry: 'Try again',
    /** Send failed: every typed character stays. */
    failed: {
      tooMany: (seconds: number | undefined) =>
        seconds
          ? `Not sent: too many replies in a short time. Wait ${Math.max(1, Math.ceil(seconds / 60))} ${seconds > 60 ? 'minutes' : 'minute'} and send again; your text is kept.`
          : 'Not sent: too many replies in a short time. Wait a few minutes and send again; your text is kept.',
      refused:
        'Not sent: a reply cannot go to this submission now (it was moved to Spam, or has no e-mail address). Open the submission to see why.',
      mailOff:
        'Not sent: e-mail is not set up on this server. Whoever runs the server sets SMTP_URL; your text is kept.',
      invalid:
        'Not sent: the server did not accept the subject or the text. Check them and send again.',
      other: 'Not sent: the server could not be reached. Your text is kept; send again.',
    },
  },

  /** The reply templates (src/admin/replies/templates-page.tsx), docs/replies.md. */
  templates: {
    title: 'Reply templates',
    heading: 'Reply templates',
    headerLink: 'Templates',
    back: 'Back to the inbox',
    intro:
      'The replies you start from, in English and Spanish. The composer fills in the words in braces for each submission.',
    forms: { quote: 'Quotes', application: 'Applications' },
    placeholders: 'Words filled in for each submission',
    placeholder: {
      name: 'The visitor’s name',
      eventDate: 'The event’s date, in words (quotes)',
      guests: 'How many guests (quotes)',
      position: 'The positions they applied for (applications)',
      phone: 'The business’s phone number',
      owner: 'Your name in replies (below), or the business’s name if you give none',
      business: 'The business’s name',
    },
    name: 'Name',
    english: 'English text',
    englishHint:
      'Every template has it: a reply in English, or in Spanish before there is Spanish, starts from it.',
    spanish: 'Spanish text',
    spanishHint:
      'Leave empty until you have it: a reply in Spanish then says so and starts from the English.',
    missingSpanish: 'Missing Spanish',
    /** `user` '': a default of the site's, not changed by anyone yet. */
    changed: (user: string, at: string) =>
      user ? `Changed by ${user}, ${at}` : `The site's own text, not changed yet (added ${at})`,
    newTemplate: 'New template',
    add: (form: string) => `Add a template for ${form.toLowerCase()}`,
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved.',
    cancel: 'Cancel',
    delete: 'Delete…',
    confirmDelete: (name: string) => `Delete “${name}”? Replies sent from it are kept.`,
    confirmDeleteButton: 'Yes, delete it',
    deleting: 'Deleting…',
    deleted: (name: string) => `Deleted “${name}”.`,
    none: 'None yet.',
    nameMissing: 'Give the template a name',
    nameTooLong: (max: number) => `At most ${max} characters`,
    oneLine: 'One line, please',
    englishMissing: 'Write the English text',
    tooLong: (max: number) => `At most ${max} characters`,
    saveFailed: 'Not saved: the server could not be reached. Your text is kept; try again.',
    saveRefused: 'Not saved: the server did not accept it. Check the fields and try again.',
    deleteFailed: 'Not deleted: the server could not be reached. Try again.',
    loadFailed: 'The templates could not be loaded.',
    retry: 'Try again',
    displayName: 'Your name in replies',
    displayNameHint:
      'Fills {owner} in the replies you send. Leave it empty to sign with the business’s name.',
    displayNameSave: 'Save name',
    displayNameSaved: 'Name saved.',
    displayNameTooLong: (max: number) => `At most ${max} characters`,
    displayNameFailed: 'Not saved: the server could not be reached. Try again.',
  },

  /** The weekly e-mail's setting, on the weekly picture's page (src/admin/desk/weekly-email-setting.tsx). */
  weeklyEmail: {
    heading: 'This picture by e-mail',
    label: 'Send me this picture by e-mail every Monday',
    hint: "Monday from 8 AM, business time: last week's visitors, leads by source, the share answered within the promise and the ones overdue, with a link here.",
    language: 'Language of the e-mail',
    languages: { en: 'English', es: 'Español' },
    save: 'Save',
    saving: 'Saving…',
    loading: 'Loading your e-mail setting…',
    loadFailed: 'Your e-mail setting could not be loaded.',
    retry: 'Try again',
    savedOn: (language: string) => `Saved: the weekly e-mail is on, in ${language}.`,
    savedOff: 'Saved: no weekly e-mail will be sent to you.',
    saveFailed: 'Not saved: the inbox could not be reached. Try again.',
    /** The server's 400 to a body it cannot read. */
    unreadable: 'Say whether the e-mail is on (true or false) and its language (en or es).',
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

  /** The weekly picture's visits: the way to a lead, by week, language and source (docs/visits.md). */
  visitsPicture: {
    heading: 'Visits and the way to a lead',
    intro:
      'Visitors are counted by the site itself, once a day each, without cookies. A lead is a quote request or a job application sent; replied means it has had a first response.',
    filtersLabel: 'Show visits by',
    language: 'Language',
    languages: { all: 'All languages', en: 'English', es: 'Spanish' },
    source: 'Source',
    allSources: 'All sources',
    week: 'Week of the funnel',
    weekOption: (day: string, running: boolean) =>
      running ? `Week of ${day} (still running)` : `Week of ${day}`,
    /** The leads whose visit was not counted (`FunnelRow.kind` 'unknown'): leads, no visitors. */
    unknown: 'Visit not known',
    unknownHint:
      'Visit not known: leads whose visit was not counted, because the browser asked not to be tracked (Global Privacy Control), or they were sent while visits were not counted (before counting began, or with it off). They are not in the funnel.',
    /** Under the funnel of all sources: the week's leads of no known visit, left out of its bars. */
    unknownNote: (count: number) =>
      `Also ${count} ${count === 1 ? 'lead' : 'leads'} whose visit was not counted.`,
    /** A source's visitors when they were not counted. */
    noVisitors: '—',
    /** The dash, read out. */
    notCounted: 'not counted',
    visitorsTitle: 'Visitors per week',
    visitorsDesc: (from: string, to: string, shown: string, visitors: number[]) =>
      `Visitors per week from ${from} to ${to} (${shown}): ${visitors.join(', ')}.`,
    /** What the filters show, in words: 'the Spanish site, all sources'. */
    shown: (language: 'all' | 'en' | 'es', source: string | null) =>
      `${{ all: 'all languages', en: 'the English site', es: 'the Spanish site' }[language]}, ${source ?? 'all sources'}`,
    funnelTitle: (day: string) => `The way to a lead, week of ${day}`,
    steps: {
      visitors: 'Visitors',
      sawForm: 'Saw a form page',
      started: 'Started a form',
      sent: 'Sent',
      replied: 'Replied to',
    },
    /** A step's share of the week's visitors, already written ('42%'). */
    share: (percent: string) => `${percent} of visitors`,
    noShare: 'no visitors to compare with',
    tableCaption: 'Visits week by week',
    weekHead: 'Week',
    sourcesCaption: 'Visitors and leads by source, last 12 weeks',
    sourceHead: 'Source',
    visitorsHead: 'Visitors',
    leadsHead: 'Leads sent',
    pagesCaption: 'Page views by page and language, last 12 weeks',
    pageHead: 'Page',
    totalHead: 'Total',
    pages: {
      home: 'Home',
      team: 'Team',
      contact: 'Contact',
      quote: 'Quote request',
      application: 'Job application',
      privacy: 'Privacy',
    },
    none: 'Nothing counted yet in these weeks.',
  },

  /** How long submissions are kept (RETAIN_…_DAYS), and erasing one person (docs/retention.md). */
  retention: {
    heading: 'How long submissions are kept',
    forms: { application: 'Applications', quote: 'Quote requests' },
    policy: (forms: string, days: number | null) =>
      days === null
        ? `${forms} are kept until you delete them.`
        : days === 0
          ? `${forms} are erased once handled.`
          : `${forms} are erased ${days} ${days === 1 ? 'day' : 'days'} after they arrive, once handled.`,
    untouched:
      'Submissions that are New or In progress are never erased by this, and Spam is kept at least 30 days.',
    recent: 'Recent erasures',
    reasons: { person: 'One person, erased', retention: 'Erased by the retention policy' },
    erasure: (what: string, at: string, submissions: number, files: number, by: string) =>
      `${at}: ${what}: ${submissions} ${submissions === 1 ? 'submission' : 'submissions'}, ${files} ${files === 1 ? 'file' : 'files'} (${by})`,
  },

  /** A retention pass the guard stopped (server/data/retention-guard.ts, docs/retention.md). */
  retentionHold: {
    heading: 'The daily clean-up was stopped before it erased anything',
    submissions: (count: number) => `${count} ${count === 1 ? 'submission' : 'submissions'}`,
    clockBack: (at: string, last: string) =>
      `The database's clock reads ${at}, earlier than the last clean-up (${last}). A clock that goes back or jumps ahead would erase the wrong submissions.`,
    clockAhead: (at: string, last: string) =>
      `The database's clock reads ${at}, more than 30 days after the last clean-up (${last}). A clock that goes back or jumps ahead would erase the wrong submissions.`,
    tooMany: (count: string, largest: number) =>
      `It would erase ${count} at once, far more than lately (at most ${largest} in one clean-up).`,
    firstTooMany: (count: string) => `This is the first clean-up: it would erase ${count} at once.`,
    clockBackWhatToDo:
      'Ask whoever runs the server to check the clock of the database server. Once the clock is right, let it go on: the clean-ups wait for your word until then.',
    clockAheadWhatToDo:
      'Ask whoever runs the server to check the clock of the database server. Once the clock is right, the next clean-up goes on by itself. If the clock is right (the server was off for a long time), let it go on.',
    tooManyWhatToDo:
      'If you have just shortened how long submissions are kept, this is expected: let it go on. If not, ask whoever runs the server to check RETAIN_APPLICATIONS_DAYS and RETAIN_QUOTES_DAYS.',
    wouldErase: (count: string) => `Going on now would erase ${count}.`,
    goOn: (count: number) =>
      count === 0 ? 'Go on with this clock' : `Erase them anyway (${count})`,
    going: 'Letting it go on…',
    started: (count: number) =>
      count === 0
        ? 'The clean-up goes on with this clock.'
        : `Erasing ${count} ${count === 1 ? 'submission' : 'submissions'} now. The list updates when it is done: reload the inbox in a minute.`,
    gone: 'That clean-up is no longer waiting. Reload the inbox.',
    failed:
      'The server did not say whether the clean-up goes on. Reload the inbox: the notice is gone if it did.',
  },

  person: {
    heading: "This person's data",
    /** The submission's page once its person was erased. */
    erasedHeading: 'Erased',
    intro:
      'Every submission sent with the same e-mail address or phone number, for a request to see or erase it.',
    download: "Download this person's data",
    erase: 'Erase this person…',
    finding: 'Finding their submissions…',
    findFailed: 'Their submissions could not be found. Try again.',
    dialogTitle: 'Erase this person?',
    dialogIntro: (count: number) =>
      `${count === 1 ? 'This submission' : `These ${count} submissions`}, with their files, notes and history, will be erased for good. This cannot be undone.`,
    item: (form: string, name: string, at: string, status: string, files: number) =>
      `${form} from ${name || 'no name'}, received ${at}, ${status}${files > 0 ? `, ${files} ${files === 1 ? 'file' : 'files'}` : ''}`,
    confirm: (count: number) => `Erase ${count} ${count === 1 ? 'submission' : 'submissions'}`,
    cancel: 'Cancel',
    erasing: 'Erasing…',
    eraseFailed: 'The erasure failed, and nothing was erased. Try again.',
    /** Submissions of the person that arrived while the dialog was open: kept. */
    left: (count: number) =>
      `${count === 1 ? '1 newer submission' : `${count} newer submissions`} from this person ${count === 1 ? 'was' : 'were'} not erased: ${count === 1 ? 'it' : 'they'} arrived after you opened this.`,
    erased: (submissions: number, files: number) =>
      `Erased ${submissions} ${submissions === 1 ? 'submission' : 'submissions'} and ${files} ${files === 1 ? 'file' : 'files'}. The erasure is recorded, without their data.`,
  },

  /** What a push to the owner's devices says (server/push/push-message.ts): one line, no more. */
  /** The server's refusals of a device's alerts (server/push/endpoint-policy.ts, push-routes.ts). */
  pushRefusals: {
    unreadable: "This browser's push subscription could not be read.",
    tooLong: 'This push address is too long.',
    notAnAddress: 'This push address is not a web address.',
    credentials: 'A push address may not carry a user name or password.',
    notHttps: 'A push address must start with https://.',
    port: 'A push address may not name a port.',
    notAPushService:
      "This browser's push service is not one the inbox sends to (Google, Apple, Mozilla or Microsoft).",
    tooMany: (most: number) =>
      `You have ${most} devices with alerts on already: turn one off first.`,
    noSuchDevice: 'No such device',
  },

  pushMessages: {
    titles: {
      quote: 'Quote request',
      application: 'Application',
      due: 'Reply due in 30 minutes',
      mail: 'E-mail waiting',
    },
    /** 'Ana López, 90 guests, Saturday, December 26'. */
    quote: (name: string, guests: string, date: string) =>
      [name, guests ? `${guests} guests` : '', date].filter(Boolean).join(', '),
    /** 'Camila Torres, Bartender, Mixologist'. */
    application: (name: string, positions: string) => [name, positions].filter(Boolean).join(', '),
    /** 'Ana López: reply by 3:30 PM'. */
    due: (name: string, by: string) => `${name}: reply by ${by}`,
    mail: (name: string) =>
      `The e-mail about ${name} has waited over 15 minutes: the mail server refuses it.`,
    /** A submission without a name. */
    noName: 'No name given',
  },

  /** How a submission's visit began and its first page (SubmissionDetail.visit), on its page. */
  visitSource: {
    term: 'How they found the site',
    /** The source's kind in words, with its name ('google', 'example.com', 'flyer') when known. */
    kinds: {
      search: (name: string) => (name ? `Search (${name})` : 'Search'),
      social: (name: string) => (name ? `Social (${name})` : 'Social'),
      whatsapp: () => 'WhatsApp',
      email: (name: string) => (name ? `E-mail (${name})` : 'E-mail'),
      site: (name: string) => (name ? `Website (${name})` : 'Website'),
      campaign: (name: string) => (name ? `Campaign "${name}"` : 'Campaign'),
      /** Typed, a bookmark, an app that sends no referrer. */
      direct: () => 'Direct',
    },
    /** `utm_campaign`, after the source: 'Campaign "flyer" (campaign: spring)'. */
    campaign: (campaign: string) => ` (campaign: ${campaign})`,
    /** Search engines, social sites and webmail by the names people know them by. */
    names: {
      google: 'Google',
      bing: 'Bing',
      duckduckgo: 'DuckDuckGo',
      yahoo: 'Yahoo',
      ecosia: 'Ecosia',
      facebook: 'Facebook',
      instagram: 'Instagram',
      linkedin: 'LinkedIn',
      twitter: 'X (Twitter)',
      x: 'X (Twitter)',
      tiktok: 'TikTok',
      reddit: 'Reddit',
      youtube: 'YouTube',
      nextdoor: 'Nextdoor',
      pinterest: 'Pinterest',
      gmail: 'Gmail',
      outlook: 'Outlook',
    } as Record<string, string>,
    firstPage: (page: string) => `First page: ${page}`,
    /** The site's pages by their route path (server/visits/submission-source.ts firstPageOf). */
    pages: {
      '/': 'Home page',
      '/team': 'Our team',
      '/contact': 'Contact',
      '/request-service': 'Quote request',
      '/join-our-team': 'Job application',
      '/privacy': 'Privacy note',
    } as Record<string, string>,
  },
};
