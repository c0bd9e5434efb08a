import { Component, ReactNode } from "react";

/** Shows a one-line message instead of a blank page when a view fails to draw. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: string }> {
  state = { error: "" };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: String(error) };
  }

  render(): ReactNode {
    if (this.state.error) {
      return (
        <p className="error" role="alert">
          This view failed: {this.state.error}.{" "}
          <button type="button" onClick={() => this.setState({ error: "" })}>
            Try again
          </button>
        </p>
      );
    }
    return this.props.children;
  }
}
