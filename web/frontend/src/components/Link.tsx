// Moving inside the app: a link that changes the page without reloading it, and the page shown
// for an address the app does not have. Apart from App.tsx so that pages can link to each other
// without importing the app that imports them.
import { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ROOT, navigate } from "../router";

/** A link that moves inside the app without reloading it. */
export function Link({
  to,
  children,
  className,
}: {
  to: string;
  children?: ReactNode; // optional: a <Trans> text fills it in
  className?: string;
}): JSX.Element {
  const go = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={ROOT + to} onClick={go} className={className}>
      {children}
    </a>
  );
}

/** The app's own "no such page", with the way back. */
export function NoSuchPage({ what }: { what: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="card no-such-page" data-testid="no-such-page">
      <h1>{t("errors.noSuchPageTitle")}</h1>
      <p role="alert">{what}</p>
      <p>
        <Link to="/">{t("errors.backToLobby")}</Link>
      </p>
    </div>
  );
}
