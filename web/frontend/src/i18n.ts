/// <reference types="vite/client" />
// The app's languages (issue 34): every string a person reads goes through i18next. The texts live
// in src/locales/<language>/<namespace>.json, one namespace per area of the app (common, lobby,
// learn, ...; helper files add their own, e.g. game). Every such file is bundled, so a new
// namespace needs no change here. The language comes from the switch (kept in localStorage), else
// from the browser, else English.
import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";

/** The languages the app speaks, with their own names for the switch. */
export const LANGUAGES = { en: "English", fr: "Français" } as const;
export type Language = keyof typeof LANGUAGES;

/** Where the chosen language is remembered. */
export const LANGUAGE_KEY = "orapa.language";

type Texts = Record<string, unknown>;
const files = import.meta.glob<Texts>("./locales/*/*.json", { eager: true, import: "default" });

/** Every namespace of every language, from the file names: locales/fr/lobby.json is fr/lobby. */
export function collectResources(found: Record<string, Texts>): Record<string, Record<string, Texts>> {
  const resources: Record<string, Record<string, Texts>> = {};
  for (const [path, texts] of Object.entries(found)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    (resources[language] ??= {})[namespace] = texts;
  }
  return resources;
}

const resources = collectResources(files);

const missing = new Set<string>();
/** Say a missing text once: "i18n: missing lobby:create.title". */
function reportMissing(namespace: string, key: string): void {
  const name = `${namespace}:${key}`;
  if (missing.has(name)) return;
  missing.add(name);
  console.warn(`i18n: missing ${name}`);
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: Object.keys(LANGUAGES),
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    fallbackLng: "en",
    ns: Object.keys(resources.en ?? {}),
    defaultNS: "common",
    interpolation: { escapeValue: false }, // React escapes what it renders
    detection: {
      order: ["localStorage", "navigator", "htmlTag"],
      lookupLocalStorage: LANGUAGE_KEY,
      caches: [],
    },
    react: { useSuspense: false },
    // a key no locale file has (a typo, a text not yet written) is said once on the console, where
    // the browser tests look for it; the page shows the English text or the key meanwhile
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => reportMissing(namespace, key),
  });

/** The language in use, reduced to one the app speaks ("fr-FR" is "fr"). */
export function currentLanguage(): Language {
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? "en").slice(0, 2);
  return lang in LANGUAGES ? (lang as Language) : "en";
}

/** Switch the app's language and remember the choice for the next visit. */
export function chooseLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // a browser that refuses storage still switches, for this visit
  }
  void i18n.changeLanguage(lang);
}

/** The Intl locale of each language: dates written day first, as the app always did. */
const INTL_LOCALES: Record<Language, string> = { en: "en-GB", fr: "fr-FR" };

/** The reader's locale for Intl (dates, numbers, times). */
export function intlLocale(): string {
  return INTL_LOCALES[currentLanguage()];
}

/** A date (ISO text) in the reader's language, by default "25 Nov 2026" / "25 nov. 2026"; the
 * text's first ten characters when it is no date. */
export function formatDate(
  iso: string,
  options: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" },
): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return iso.slice(0, 10);
  return new Intl.DateTimeFormat(intlLocale(), options).format(d);
}

/** A number in the reader's language ("7.5" / "7,5"), with at most `digits` decimals. */
export function formatNumber(value: number, digits = 0): string {
  return new Intl.NumberFormat(intlLocale(), {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}

/** A seat's name as shown: the server names computer seats in English ("computer (normal)",
 * "computer 2 (easy)"), which is said in the reader's language; a player's own name is kept. */
export function seatName(seat: { name?: string | null; kind?: string } | null | undefined): string {
  const name = seat?.name ?? "";
  const m = /^computer(?: (\d+))? \((easy|normal|strong)\)$/.exec(name);
  if (seat?.kind !== "computer" || !m) return name;
  const level = i18n.t(`common:levels.${m[2]}`);
  return m[1] ? i18n.t("common:seats.computerN", { n: m[1], level }) : i18n.t("common:seats.computerLevel", { level });
}

/** The page's own language follows the app's, for screen readers and hyphenation. */
i18n.on("languageChanged", () => {
  if (typeof document !== "undefined") document.documentElement.lang = currentLanguage();
});
if (typeof document !== "undefined") document.documentElement.lang = currentLanguage();

export default i18n;
