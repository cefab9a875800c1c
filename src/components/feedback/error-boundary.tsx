import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the broken subtree; gets a `reset` to try again. */
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode;
  children: ReactNode;
  /** A change of this value (e.g. the location) clears the error. */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey: unknown;
}

/** App, route and widget level error boundary (React has no hook for this). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, hasError: false, error: null };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  reset = () => this.setState({ hasError: false, error: null });

  render() {
    if (this.state.hasError) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
