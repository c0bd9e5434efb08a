// The new-game form's repeated fields: a label with a number box, a select or a checkbox.
import { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A labelled number box; the DOM is `<label>text <input type="number" name=…></label>`. */
export function NumberField(props: {
  label: string;
  name: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}): JSX.Element {
  return (
    <label>
      {props.label}{" "}
      <input
        type="number"
        name={props.name}
        min={props.min}
        max={props.max}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    </label>
  );
}

/** A labelled select whose options are its children; `inline` keeps it on the line. */
export function SelectField<T extends string>(props: {
  label: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  inline?: boolean;
  children: ReactNode;
}): JSX.Element {
  return (
    <label className={props.inline ? "inline" : undefined}>
      {props.label}{" "}
      <select name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.children}
      </select>
    </label>
  );
}

/** A checkbox followed by its label, on the line. */
export function CheckField(props: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}): JSX.Element {
  return (
    <label className="inline">
      <input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />{" "}
      {props.label}
    </label>
  );
}

type NumberProps = Parameters<typeof NumberField>[0];

/** How many seats of a kind and how many of them the computer takes (Uncovered!'s players, a
 * table's explorers): two number boxes, the second labelled "of them, computers". */
export function SeatCounts(props: { seats: NumberProps; computers: Omit<NumberProps, "label" | "min"> }): JSX.Element {
  const { t } = useTranslation("lobby");
  return (
    <>
      <NumberField {...props.seats} />
      <NumberField label={t("create.ofThemComputers")} min={0} {...props.computers} />
    </>
  );
}
