// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, click, interact, render } from './dom-test-utils';
import { toast, Toaster } from './toaster';

const shown = (container: HTMLElement) => Array.from(container.querySelectorAll('[role="alert"], [role="status"]')).map((t) => [t.getAttribute('role'), t.querySelector('span')!.textContent]);

afterEach(() => {
  // close what a test left showing, so that the next one starts empty
  for (const close of Array.from(document.querySelectorAll<HTMLButtonElement>('button'))) click(close);
  cleanup();
});

describe('toast', () => {
  it('removes the error toasts still showing when a later action succeeds (a corrected save)', () => {
    const container = render(<Toaster />);
    interact(() => toast('Formulier niet opgeslagen', 'error'));
    interact(() => toast('Controleer de formulier velden', 'error'));
    expect(shown(container)).toEqual([['alert', 'Formulier niet opgeslagen'], ['alert', 'Controleer de formulier velden']]);
    interact(() => toast('Formulier opgeslagen', 'success'));
    expect(shown(container)).toEqual([['status', 'Formulier opgeslagen']]);
  });

  it('the same for a survey sent at the second try', () => {
    const container = render(<Toaster />);
    interact(() => toast('Enquete kon niet worden verstuurd', 'error'));
    interact(() => toast('Enquete verstuurd', 'success'));
    expect(shown(container)).toEqual([['status', 'Enquete verstuurd']]);
  });

  it('keeps errors beside an information toast, and an error after a success shows beside it', () => {
    const container = render(<Toaster />);
    interact(() => toast('Opgeslagen', 'success'));
    interact(() => toast('Niet verstuurd', 'error'));
    interact(() => toast('De verbinding met de server is hersteld.', 'info'));
    expect(shown(container)).toEqual([['alert', 'Niet verstuurd'], ['status', 'Opgeslagen'], ['status', 'De verbinding met de server is hersteld.']]);
  });
});
