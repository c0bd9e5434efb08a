// The lobby: a name (the token stays in this browser), a new game, joining one, my games.
// Its parts live in lobby/: the new-game form, joining, my games, this browser's players, the welcome card.
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { me, newPlayer } from "../api";
import { navigate } from "../router";
import { NameForm } from "./NameForm";
import { CreateForm } from "./lobby/CreateForm";
import { JoinForm } from "./lobby/JoinForm";
import { MyGames } from "./lobby/MyGames";
import { Players } from "./lobby/Players";
import { Welcome } from "./lobby/Welcome";

export { PLAY_NOW, otherGameBody, seatsFor } from "./lobby/bodies";

export function Lobby(): JSX.Element {
  const { t } = useTranslation("lobby");
  const [, setVersion] = useState(0);
  const player = me();
  const next = new URLSearchParams(window.location.search).get("next");
  const back = () => {
    // signed in from a game's page: back to that game
    if (next && next.startsWith("/") && !next.startsWith("//")) navigate(next);
    else setVersion((v) => v + 1);
  };
  const refresh = () => setVersion((v) => v + 1);
  if (!player)
    return (
      <div className="lobby">
        <Welcome signedIn={false} />
        <Players onChange={back} />
        <NameForm onDone={back} />
      </div>
    );
  return (
    <div className="lobby">
      <Welcome signedIn />
      <p>
        <Trans
          t={t}
          i18nKey="welcome.hello"
          values={{ name: player.name }}
          components={{ b: <b className="player-name" /> }}
        />{" "}
        <button
          type="button"
          className="link"
          onClick={() => {
            newPlayer();
            refresh();
          }}
        >
          {t("welcome.notYou")}
        </button>
      </p>
      <Players onChange={refresh} />
      <div className="columns">
        <CreateForm />
        <div>
          <JoinForm />
          <MyGames player={String(player.id)} />
        </div>
      </div>
    </div>
  );
}
