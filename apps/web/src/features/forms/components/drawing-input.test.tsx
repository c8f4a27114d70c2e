// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { pinpointsKey, type TFormElement, type TFormValue, type TFormValues, type TPinpoint } from '@portal/contract';
import { cleanup, click, interact, press, render } from '../../../ui/dom-test-utils';
import { DrawingInput } from './drawing-input';
import type { ElementEnv } from './element-env';

afterEach(cleanup);

const drawing: TFormElement = {
  id: 'plattegrond',
  type: 'drawinginput',
  data: { label: 'Plattegrond', requiredField: true, drawing: '/api/files/1/plattegrond.png', options: [{ label: 'Scheur' }, { label: 'Vocht' }], commentsEnabled: true },
};

let latest: TFormValues = {};
function Harness({ element = drawing, readOnly = false }: { element?: TFormElement; readOnly?: boolean }) {
  const [values, setValues] = useState<TFormValues>({});
  latest = values;
  const env: ElementEnv = {
    family: 'intake', values, errors: {}, readOnly,
    setValue: (key: string, value: TFormValue) => setValues((current) => ({ ...current, [key]: value })),
    setFieldError: () => {}, photos: {}, upload: () => Promise.reject(new Error('no uploads here')), setPhoto: () => {}, occupants: null,
  };
  return <DrawingInput element={element} env={env} />;
}

const pins = () => (latest[pinpointsKey('plattegrond')] ?? []) as TPinpoint[];
const area = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-testid="drawing-area"]')!;

describe('pins on a drawing', () => {
  it('places pins by keyboard: arrows move the crosshair, Enter places a numbered pin there', () => {
    const container = render(<Harness />);
    const target = area(container);
    expect(target.getAttribute('tabindex')).toBe('0');
    expect(target.getAttribute('aria-label')).toBe('Tekening: Plattegrond');
    interact(() => target.focus());
    for (let i = 0; i < 5; i++) press(target, 'ArrowRight');
    press(target, 'ArrowUp', { shiftKey: true });
    press(target, 'Enter');
    expect(pins()).toEqual([expect.objectContaining({ x: 0.6, y: 0.4, nr: 1, label: 'Pin 1', value: '', comment: '' })]);
    press(target, 'ArrowDown');
    press(target, ' ');
    expect(pins().map((p) => [p.label, p.x, p.y])).toEqual([['Pin 1', 0.6, 0.4], ['Pin 2', 0.6, 0.42]]);
    // The markers: 40 px orange circles numbered from 1, hidden from screen readers (the list below names them).
    const markers = container.querySelectorAll('[data-pin]');
    expect([...markers].map((m) => m.textContent)).toEqual(['1', '2']);
    expect(markers[0]!.className).toContain('size-10');
    expect(markers[0]!.className).toContain('bg-orange-500');
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Pin 2 geplaatst.');
  });

  it('keeps the crosshair on the drawing and places pins by click where the click lands', () => {
    const container = render(<Harness />);
    const target = area(container);
    interact(() => target.focus());
    for (let i = 0; i < 40; i++) press(target, 'ArrowLeft', { shiftKey: true });
    press(target, 'Enter');
    expect(pins()[0]).toMatchObject({ x: 0, y: 0.5 });
    target.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50, toJSON: () => ({}) });
    interact(() => target.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 200, clientY: 200 })));
    expect(pins().at(-1)).toMatchObject({ x: 0.25, y: 0.75, label: `Pin ${pins().length}` });
  });

  it('gives each pin a value from the options and a comment, and numbers the rest again when one is removed', () => {
    const container = render(<Harness />);
    const target = area(container);
    interact(() => target.focus());
    press(target, 'Enter');
    press(target, 'ArrowRight');
    press(target, 'Enter');
    press(target, 'ArrowRight');
    press(target, 'Enter');
    const value = container.querySelectorAll('select')[1]!;
    expect([...value.options].map((o) => o.text)).toEqual(['Maak een keuze', 'Scheur', 'Vocht']);
    click([...container.querySelectorAll('button')].find((b) => b.textContent === 'Pin 1 verwijderen')!);
    expect(pins().map((p) => [p.nr, p.label, p.x])).toEqual([[1, 'Pin 1', 0.52], [2, 'Pin 2', 0.54]]);
    expect(document.activeElement).toBe(target);
  });

  it('places no pin on a read-only drawing', () => {
    const container = render(<Harness readOnly />);
    const target = area(container);
    interact(() => target.focus());
    press(target, 'Enter');
    expect(pins()).toEqual([]);
    expect(target.getAttribute('aria-disabled')).toBe('true');
  });
});
