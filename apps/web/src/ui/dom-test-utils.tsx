import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/*
 * Rendering into a real DOM (jsdom) for the tests of components that move focus or answer keys. Only
 * for files that run with `// @vitest-environment jsdom`; nothing here is part of the app.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: Root[] = [];

/** Renders `ui` into a fresh container in the document; returns the container. */
export function render(ui: ReactNode): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  mounted.push(root);
  act(() => root.render(ui));
  return container;
}

/** Unmounts everything rendered and empties the document (call in afterEach). */
export function cleanup() {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
}

/** Runs an interaction and lets React finish rendering and its effects. */
export function interact(action: () => void) {
  act(action);
}

/** The same for an interaction that waits (a submit with its validation and request). */
export async function interactAsync(action: () => Promise<void>) {
  await act(action);
}

/** Lets pending work settle (react-hook-form validates asynchronously) and React render it. */
export async function settle() {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

export function press(target: Element, key: string, init: KeyboardEventInit = {}) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

export function click(target: Element) {
  act(() => (target as HTMLElement).click());
}

/** Types into a controlled input or picks a select option the way React notices (the native value setter, then the event). */
export function changeValue(target: HTMLInputElement | HTMLSelectElement, value: string) {
  const prototype = target instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(target, value);
    target.dispatchEvent(new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** The element with this accessible label (aria-label, or a <label for>), failing the test when there is none. */
export function byLabel<T extends HTMLElement = HTMLElement>(scope: ParentNode, label: string): T {
  const labelled = Array.from(scope.querySelectorAll<T>('[aria-label]')).find((el) => el.getAttribute('aria-label') === label);
  if (labelled) return labelled;
  const forLabel = Array.from(scope.querySelectorAll('label')).find((el) => el.textContent?.replace(/\s*\*$/, '').trim() === label);
  const control = forLabel?.htmlFor ? document.getElementById(forLabel.htmlFor) : null;
  if (!control) throw new Error(`nothing labelled '${label}'`);
  return control as T;
}
