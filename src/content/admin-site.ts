/**
 * Every text of the owner's site editor at /admin/#/site (src/admin/site). English: the owner's
 * working language. The fields' own labels, hints and limits are declared in src/content/fields/;
 * their rules are in site-fields.ts.
 */

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const languageNames = { en: 'English', es: 'Spanish' } as const;

export const siteEditorText = {
  headerLink: 'Site',
  heading: 'The site',
  intro:
    'Every word, fact and photo of the public site, in English and Spanish. Your changes go into a draft shared by everyone who signs in here; the site changes only when you publish.',
  backToInbox: 'Back to the inbox',
  backToSite: 'Back to the site editor',
  loading: 'Loading…',
  loadFailed: 'The site editor could not be loaded.',
  retry: 'Try again',
  partNotFound: 'There is no such part of the site.',
  languages: languageNames,

  state: {
    heading: 'Live and draft',
    live: 'Live',
    liveVersion: (version: number, when: string, who: string) =>
      `Version ${version}, published ${when} by ${who}`,
    nothingLive: "Nothing published from here yet: the site shows the code's words and photos.",
    draft: 'Draft',
    draftSaved: (when: string, who: string) => `Saved ${when} by ${who}`,
    draftNever: 'No draft saved yet.',
    unpublished: (count: number) =>
      count === 0
        ? 'No unpublished changes.'
        : `${plural(count, 'unpublished change', 'unpublished changes')}.`,
  },

  checklist: {
    heading: 'Launch checklist',
    intro: 'Still placeholders on the live site:',
    done: 'No placeholders left on the live site.',
  },

  parts: {
    heading: 'Parts of the site',
    changed: (count: number) => `${plural(count, 'change', 'changes')} in the draft`,
  },

  editor: {
    intro:
      'Edit the fields, then save the draft. Nothing changes on the site until the draft is published.',
    english: (label: string) => `${label} — English`,
    spanish: (label: string) => `${label} — Spanish`,
    needsTranslation: 'Needs translation update',
    needsTranslationHint: 'The English changed after this Spanish was written.',
    characters: (count: number, max: number) => `${count} of ${max} characters`,
    notANumber: 'Enter a number.',
    save: 'Save draft',
    saving: 'Saving the draft…',
    saved: 'Draft saved',
    saveFailed: (reason: string) => `The draft was not saved: ${reason}.`,
    unsaved: 'You have unsaved changes.',
    leaveConfirm: 'You have unsaved changes in this part. Leave without saving them?',
    conflict: (who: string, when: string) =>
      `${who} saved the draft at ${when} since you opened it. Your changes are not saved.`,
    someoneElse: 'Someone else',
    loadTheirs: 'Load their draft (discard mine)',
    saveMine: 'Save mine over theirs',
    loadedTheirs: 'Their draft is loaded.',
  },

  list: {
    moveUp: (item: string) => `Move ${item} up`,
    moveDown: (item: string) => `Move ${item} down`,
    remove: (item: string) => `Remove ${item}`,
    add: (itemLabel: string) => `Add ${itemLabel}`,
    atLeast: (min: number, itemLabel: string) =>
      `Keep at least ${min}: ${itemLabel} cannot be removed now.`,
    atMost: (max: number) => `This list holds at most ${max}: remove one to add another.`,
    moved: (item: string, position: number, count: number) =>
      `${item} moved to position ${position} of ${count}.`,
    removed: (item: string) => `${item} removed.`,
    added: (item: string) => `${item} added.`,
  },

  photo: {
    fileLabel: (label: string) => `${label} photo`,
    fileHint: 'A JPEG, PNG or WebP photo, up to 20 MB.',
    processing: 'Processing the photo…',
    uploaded: 'Photo uploaded. Save the draft to keep it.',
    uploadFailed: 'The photo could not be uploaded. Check the connection and try again.',
    current: (label: string) => `The current ${label} photo`,
    focusIntro:
      'Click or tap the photo at the point that must stay in view when the photo is cropped, or enter it below.',
    focusAcross: 'Focus across (%)',
    focusDown: 'Focus down (%)',
    focusRule: 'From 0 to 100.',
    altLabel: (label: string) => `${label} alt text`,
    altHint: 'What the photo shows, for people who cannot see it.',
  },

  preview: {
    heading: 'Preview',
    button: 'Preview',
    intro: 'See the saved draft as the site will show it, before you publish.',
    saving: 'Saving your changes first…',
    making: 'Making the preview…',
    failed: (reason: string) => `No preview: ${reason}.`,
    problemsIntro: 'Fix these first; they would stop the draft from being published:',
    language: 'Language',
    width: 'Width',
    phone: 'Phone (390 px)',
    desktop: 'Desktop (1280 px)',
    frameTitle: (language: string, width: 'phone' | 'desktop') =>
      `Preview: ${language}, ${width} width`,
    openInTab: (language: string) => `Open the ${language} preview in a new tab`,
    close: 'Close the preview',
  },

  publish: {
    heading: 'Publish',
    button: 'Publish',
    intro: 'Publishing puts the saved draft on the live site, in English and Spanish.',
    steps: [
      'Checking the changes',
      'Making the pages in English and Spanish',
      'Switching the site over',
    ],
    stepDone: 'done',
    stepNow: 'in progress',
    live: (version: number) => `Live: version ${version}`,
    took: (seconds: string) => `The site switched over in ${seconds} seconds.`,
    failed: (reason: string) => `Not published: ${reason}. The live site is unchanged.`,
    problemsIntro: 'Not published: fix these first. The live site is unchanged.',
    unknownReason: 'the server did not answer',
  },

  translations: {
    /** How many Spanish texts are older than their English (a count in the parts list). */
    count: (count: number) =>
      `${plural(count, 'Spanish text', 'Spanish texts')} older than the English`,
    publishIntro: (count: number) =>
      `${plural(count, 'Spanish text was', 'Spanish texts were')} written before their English last changed. You can publish anyway; the Spanish pages then show the older translation:`,
    item: (label: string) => `${label} (Spanish)`,
  },

  /** Each running instance of the server, as it reports the version it serves. */
  instances: {
    heading: 'What the instances serve',
    allLive: (version: number, count: number) =>
      count === 1
        ? `The server serves version ${version}.`
        : `All ${count} instances serve version ${version}.`,
    behind: (label: string, served: number, latest: number) =>
      `${label} serves version ${served}, not version ${latest}`,
    making: 'making it now',
    because: (error: string) => `because: ${error}. It tries again every 10 seconds.`,
  },

  problems: {
    item: (label: string, message: string, language?: 'en' | 'es') =>
      language ? `${label} (${languageNames[language]}): ${message}` : `${label}: ${message}`,
  },

  history: {
    heading: 'History',
    intro: 'Every published version, newest first.',
    loadFailed: 'The history could not be loaded.',
    empty: 'Nothing has been published from here yet.',
    version: (version: number) => `Version ${version}`,
    by: (when: string, who: string) => `Published ${when} by ${who}`,
    restoredFrom: (version: number) => `Restored from version ${version}.`,
    noChanges: 'No changes in words.',
    moreChanges: (count: number) => `${plural(count, 'more change', 'more changes')}`,
    preview: (version: number) => `Preview version ${version}`,
    restore: (version: number) => `Restore version ${version}`,
    confirm: (version: number) =>
      `Restore version ${version}? It is published again as a new version, and the draft becomes that version. Unpublished changes in the draft are replaced.`,
    confirmYes: (version: number) => `Yes, publish version ${version} again`,
    cancel: 'Cancel',
    restoring: (version: number) => `Restoring version ${version}…`,
    restored: (version: number, from: number) => `Live: version ${version}, restored from ${from}.`,
    restoreFailed: (reason: string) => `Not restored: ${reason}. The live site is unchanged.`,
  },
};
