/**
 * What the visit counter takes and gives (README.md): the beacon's body and the counter's
 * interface, shared by the documents' hook, the beacon route, the forms' intake and the tests.
 */
import type { SubmissionVisit, VisitPage } from '../../src/admin/contract.ts';

export type VisitLanguage = 'en' | 'es';

/** The beacon's body, checked (README.md, "The beacon"). */
export type Beacon =
  | {
      k: 'load';
      p: string;
      l: VisitLanguage;
      d: string;
      s?: number | undefined;
      a?: number | undefined;
      r?: string | undefined;
      q?: string | undefined;
    }
  | { k: 'move'; p: string; l: VisitLanguage }
  | { k: 'start'; p: string; l: VisitLanguage; f: 'quote' | 'application' };

/** Who is counted: what the request says of its client, read once on the request's path. */
export interface VisitClient {
  /** The client's address as the server trusts it (request.ip). */
  address: string;
  userAgent: string;
}

/** A view or a form started, as the counter keeps it in memory until its batch is written. */
export interface PendingView {
  at: number;
  client: VisitClient;
  page: VisitPage;
  language: VisitLanguage;
  /** How the visit began: used only when this is the visitor's first view of the day. */
  source: { kind: SubmissionVisit['kind']; name: string; campaign: string };
  /** 'view' counts a view; 'start' marks a form started; 'moved' moves a counted view to `page`. */
  kind: 'view' | 'start' | 'moved';
  /** For 'moved': the page the server counted (the document's own). */
  from?: VisitPage | undefined;
}

export interface VisitCounter {
  /** Puts a view (or a start, a move) in memory; written within a second. Never throws. */
  add(view: PendingView): void;
  /** The entry of `client`'s day so far (a post without script), if it was counted. */
  visitOf(client: VisitClient, at: number): Promise<SubmissionVisit | undefined>;
  /** Writes what is in memory now (tests, shutdown). */
  flush(): Promise<void>;
  /** Writes what is left and stops the timer. */
  close(): Promise<void>;
}
