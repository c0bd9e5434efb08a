// Picking a name: signs this browser in as a new player (the lobby, and a game's page opened
// from an invite link by someone signed out).
import { FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { register } from "../api";

export function NameForm({ onDone, title }: { onDone: () => void; title?: string }): JSX.Element {
  const { t } = useTranslation("lobby");
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t("name.blank"));
    setError("");
    try {
      await register(name.trim());
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t("name.formLabel")}>
      <h2>{title ?? t("name.title")}</h2>
      <label>
        {t("name.yourName")}{" "}
        <input name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={40} autoFocus />
      </label>
      <button type="submit">{t("name.start")}</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
