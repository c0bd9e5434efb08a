// The language switch in the header (issue 34): English or French, remembered in localStorage
// so the next visit opens in the language chosen, whatever the browser says.
import { useTranslation } from "react-i18next";
import { LANGUAGES, Language, chooseLanguage, currentLanguage } from "../i18n";

export function LanguageSwitch(): JSX.Element {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <select
      className="language-switch"
      value={lang}
      onChange={(e) => chooseLanguage(e.target.value as Language)}
      aria-label={t("language.label")}
      data-testid="language-switch"
    >
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
