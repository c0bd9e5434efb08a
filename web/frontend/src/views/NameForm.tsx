// Picking a name: signs this browser in as a new player (the lobby, and a game's page opened
// from an invite link by someone signed out).
import { FormEvent, useState } from "react";
import { register } from "../api";

export function NameForm({ onDone, title = "Pick a name" }: { onDone: () => void; title?: string }): JSX.Element {
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError("Type a name: spaces alone are not a name.");
    setError("");
    try {
      await register(name.trim());
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label="choose a name">
      <h2>{title}</h2>
      <label>
        Your name{" "}
        <input name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={40} autoFocus />
      </label>
      <button type="submit">Start playing</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
