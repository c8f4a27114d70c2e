// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, click, render, settle } from './dom-test-utils';
import { PublishField } from './console-publish';
import { RichTextEditor } from './rich-text-editor';

afterEach(cleanup);

describe('RichTextEditor', () => {
  it('is a labelled, described textbox with a labelled toolbar of pressed-state buttons (one tab stop)', async () => {
    const container = render(<RichTextEditor id="content" label="Inhoud" value="<p>Hallo</p>" onChange={() => {}} error="De tekst is te lang" hint="Uitleg" onUploadImage={async () => '/x.png'} />);
    await settle();
    const box = container.querySelector<HTMLElement>('[role="textbox"]')!;
    expect(box.getAttribute('aria-labelledby')).toBe('content-label');
    expect(document.getElementById('content-label')!.textContent).toBe('Inhoud');
    expect(box.getAttribute('aria-describedby')).toBe('content-error content-hint');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.innerHTML).toContain('Hallo');
    const toolbar = container.querySelector('[role="toolbar"]')!;
    expect(toolbar.getAttribute('aria-label')).toBe('Opmaak voor Inhoud');
    const buttons = [...toolbar.querySelectorAll('button')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Vet', 'Cursief', 'Kop 2', 'Kop 3', 'Opsomming', 'Genummerde lijst', 'Link', 'Afbeelding', 'Ongedaan maken', 'Opnieuw']);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('offers no image button without an upload, and opens a labelled link field', async () => {
    const container = render(<RichTextEditor id="c" label="Antwoord" value="" onChange={() => {}} />);
    await settle();
    const labels = [...container.querySelectorAll('[role="toolbar"] button')].map((b) => b.getAttribute('aria-label'));
    expect(labels).not.toContain('Afbeelding');
    click(container.querySelector<HTMLElement>('button[aria-label="Link"]')!);
    await settle();
    expect(container.querySelector('label')!.textContent).toBe('Linkadres');
  });
});

describe('PublishField', () => {
  it('turns Concept into null and a date and time into an ISO moment, showing the status', async () => {
    const onChange = vi.fn();
    const container = render(<PublishField value={null} onChange={onChange} />);
    expect(container.querySelector('[data-status]')!.textContent).toBe('Concept');
    click(container.querySelector<HTMLInputElement>('input[value="publish"]')!);
    await settle();
    const moment = onChange.mock.calls.at(-1)![0] as string;
    expect(new Date(moment).getTime()).toBeLessThanOrEqual(Date.now());
    click(container.querySelector<HTMLInputElement>('input[value="draft"]')!);
    expect(onChange.mock.calls.at(-1)![0]).toBeNull();
  });
});
