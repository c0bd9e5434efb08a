import { Component, ReactNode } from "react";
import i18n from "../i18n";

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
          {i18n.t("errors.viewFailed", { error: this.state.error })}{" "}
          <button type="button" onClick={() => this.setState({ error: "" })}>
            {i18n.t("actions.retry")}
          </button>
        </p>
      );
    }
    return this.props.children;
  }
}
