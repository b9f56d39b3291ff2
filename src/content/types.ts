/** Shared shapes of the content files. Components import these; they never hard-code the values. */

export interface PhoneLine {
  /** Short label shown in the header top bar: "D" (direct) or "O" (office). */
  tag: string;
  label: string;
  /** As shown to people. */
  display: string;
  /** E.164, used for tel: links and structured data. */
  e164: string;
}

export interface Stat {
  value: string;
  label: string;
}

export interface NavItem {
  label: string;
  /** A route path ("/team") or a home-page section ("#about"). */
  to: string;
}

export interface SocialLink {
  label: string;
  /** Leave undefined until the business has the profile; an unset link is not rendered. */
  href?: string;
}
