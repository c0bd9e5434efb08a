// Every vitest file runs with the app's i18n set up and in English, whatever the machine's
// language, so the texts the tests read are the English ones.
import i18n from "../src/i18n";

await i18n.changeLanguage("en");
