import { Component, type ReactNode } from 'react';

/** Any error a screen throws shows the generic error page (spec section 8) instead of a blank app. */
export class AppErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('screen failed', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
