// Joining a game by its link or its code.
import { FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../api";
import { navigate } from "../../router";

export function JoinForm(): JSX.Element {
  const { t } = useTranslation("lobby");
  const [link, setLink] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const m = /(?:games\/)?([^/?#\s]+)(?:\?code=(\w+))?\s*$/.exec(link.trim());
    let id = m?.[1] ?? "";
    const theCode = (code.trim() || m?.[2] || "").toUpperCase();
    try {
      if (!id) {
        const found = await api.byCode(theCode);
        if (!found.games.length) throw new Error(t("join.noCode", { code: theCode }));
        id = String(found.games[0].id);
      }
      const out = await api.join(id, theCode);
      navigate(`/games/${out.game.id}`);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 404 ? t("join.noGame", { id }) : (err as Error).message);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t("join.label")}>
      <h2>{t("join.title")}</h2>
      <label>
        {t("join.link")} <input name="game" value={link} onChange={(e) => setLink(e.target.value)} />
      </label>
      <label>
        {t("join.code")}{" "}
        <input
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="K7QX2M"
          required={!link}
        />
      </label>
      <button type="submit">{t("join.submit")}</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
