// The other players of this browser.
import { Trans, useTranslation } from "react-i18next";
import { browserPlayers, forgetPlayer, me, switchPlayer } from "../../api";

/** This browser's players: switch to one, or forget one. */
export function Players({ onChange }: { onChange: () => void }): JSX.Element | null {
  const { t } = useTranslation("lobby");
  const list = browserPlayers();
  const current = me();
  const others = list.filter((p) => String(p.id) !== String(current?.id));
  if (others.length === 0) return null;
  return (
    <section className="card players-here" aria-label={t("players.label")}>
      <h2>{t("players.title")}</h2>
      <ul>
        {others.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => {
                switchPlayer(String(p.id));
                onChange();
              }}
            >
              <Trans
                t={t}
                i18nKey="players.playAs"
                values={{ name: p.name }}
                components={{ name: <span className="player-name" /> }}
              />
            </button>{" "}
            <button
              type="button"
              className="link"
              onClick={() => {
                forgetPlayer(String(p.id));
                onChange();
              }}
            >
              {t("players.forget")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
