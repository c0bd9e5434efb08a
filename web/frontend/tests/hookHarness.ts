// React's useState, useRef, useCallback and useEffect for one component, for the hook tests
// (they run in Node with no DOM to render into): slots kept by call order, effects run after
// each `render` when their dependencies changed, cleanups run before an effect runs again and
// at `unmount`. A test file mocks "react" with these (see otherGamesHooks.test.ts).
type Slot = { value?: unknown; set?: unknown; deps?: unknown[]; cleanup?: void | (() => void) };

let slots: Slot[] = [];
let at = 0;
let effects: [Slot, () => void | (() => void)][] = [];

const same = (a?: unknown[], b?: unknown[]) =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** Forget the component: the next `render` mounts it afresh. */
export function reset(): void {
  slots = [];
}

/** Call the component's hooks once (a render), then the effects whose dependencies changed. */
export function render(body: () => void): void {
  at = 0;
  effects = [];
  body();
  for (const [slot, effect] of effects) {
    if (typeof slot.cleanup === "function") slot.cleanup();
    slot.cleanup = effect();
  }
}

/** Run every effect's cleanup, as React does when the component goes away. */
export function unmount(): void {
  for (const slot of slots) if (typeof slot.cleanup === "function") slot.cleanup();
  slots = [];
}

export function useState<T>(initial: T): [T, (next: T | ((old: T) => T)) => void] {
  const slot = (slots[at++] ??= { value: initial });
  // one setter for the component's life, as React's
  slot.set ??= (next: T | ((old: T) => T)) => {
    slot.value = typeof next === "function" ? (next as (old: T) => T)(slot.value as T) : next;
  };
  return [slot.value as T, slot.set as (next: T | ((old: T) => T)) => void];
}

export function useRef<T>(initial: T): { current: T } {
  const slot = (slots[at++] ??= { value: { current: initial } });
  return slot.value as { current: T };
}

export function useCallback<F>(fn: F, deps: unknown[]): F {
  const slot = (slots[at++] ??= {});
  if (!same(slot.deps, deps)) Object.assign(slot, { value: fn, deps });
  return slot.value as F;
}

export function useEffect(effect: () => void | (() => void), deps?: unknown[]): void {
  const slot = (slots[at++] ??= {});
  if (same(slot.deps, deps)) return;
  slot.deps = deps;
  effects.push([slot, effect]);
}
