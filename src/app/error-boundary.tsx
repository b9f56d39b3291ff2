import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { PublishedVersion } from '../content/published';
import { pagesContent } from '../content/site';
import { PublishedContext } from '../content/use-content';
import { ErrorPage } from './error-page';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/** Catches rendering errors below it; give it a `key` that changes with the path to reset it. */
export class ErrorBoundary extends Component<Props, State> {
  static override contextType = PublishedContext;
  declare context: PublishedVersion;
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(pagesContent(this.context).pages.error.title, error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
