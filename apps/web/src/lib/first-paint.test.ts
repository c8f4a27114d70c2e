// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * index.html's last inline script, run as the browser runs it: it paints the first screen's largest element
 * (the login logo, a dashboard's welcome, a form step's leading text) before the app, then starts the app.
 */
const page = fs.readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8'); // (jsdom: import.meta.url is not a file URL)
const firstPaint = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code ?? '').find((code) => code.includes('data-portal-app')) ?? '';
const skeleton = /<body>([\s\S]*?)<script>/.exec(page)?.[1] ?? '';

const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

function open(pathname: string, options: { answer?: unknown; response?: Promise<Response>; logo?: boolean } = {}) {
  window.history.replaceState(null, '', pathname);
  document.head.innerHTML = '<link data-portal-app crossorigin href="/assets/index-1.js"><link data-portal-module crossorigin href="/assets/dashboard-2.js">'
    + (options.logo ? '<link rel="preload" as="image" href="/api/assets/logo.svg" data-portal-logo data-name="Woonstad">' : '');
  document.body.innerHTML = skeleton;
  const holder = window as { __portalEarly?: unknown };
  if (options.response) holder.__portalEarly = { response: options.response };
  else if (options.answer !== undefined) holder.__portalEarly = { response: Promise.resolve(new Response(JSON.stringify(options.answer))) };
  else delete holder.__portalEarly;
  new Function(firstPaint)();
}
const appStarted = () => document.querySelector('script[type="module"]')?.getAttribute('src') ?? null;
const boot = () => document.querySelector('[data-boot-skeleton]')!;

const project = {
  name: 'Renovatie Bloemenbuurt',
  welcome_message: '<h2>Welkom</h2><p style="color:red" onclick="x()">Op dit portaal <strong>alles</strong> <a href="javascript:alert(1)">hier</a>.</p><img src="x" onerror="alert(1)"><script>alert(1)</script><iframe src="https://x.test"></iframe>',
  support_base_progress: '19 van de 33 adressen (58%)',
};

describe("index.html paints the first screen before the app and then starts it", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it("a dashboard: the project's name and its welcome text with the app's classes, copied without attributes, scripts, images or frames", async () => {
    open('/dashboard', { answer: project });
    expect(appStarted()).toBeNull(); // not before the paint
    await tick();
    expect(boot().querySelector('h1')?.textContent).toBe('Renovatie Bloemenbuurt');
    expect(boot().querySelector('h1')?.className).toBe('text-2xl font-bold text-slate-900');
    const welcome = boot().querySelector('section[aria-label="Welkom"] .staff-html')!;
    expect(welcome.innerHTML).toBe('<h2>Welkom</h2><p>Op dit portaal <strong>alles</strong> <a>hier</a>.</p>');
    expect(boot().querySelector('section')?.textContent).toContain('Draagvlak: 19 van de 33 adressen (58%)');
    expect(boot().querySelector('[role="status"]')?.textContent).toBe('Laden…');
    await tick();
    expect(appStarted()).toBe('/assets/index-1.js');
    expect(document.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe('/assets/dashboard-2.js');
  });

  it("a form step: the entry's name, the step's label and the section's leading titles", async () => {
    open('/formulier/formulier/1/54/0', {
      answer: {
        name: 'Uw wensen', form: [{ id: 's', label: 'Over u en uw woning', elements: [
          { id: 'intro', type: 'f_title', data: { label: 'Uw wensen voor de renovatie', wysiwyg: '<p>Met dit formulier <em>geeft</em> u door wat u wilt.</p>' } },
          { id: 'naam', type: 'f_text', data: { label: 'Naam van de hoofdbewoner' } },
        ] }],
      },
    });
    await tick();
    expect([...boot().querySelectorAll('h1, h2, h3')].map((h) => `${h.tagName} ${h.textContent}`)).toEqual(['H1 Uw wensen', 'H2 Over u en uw woning', 'H3 Uw wensen voor de renovatie']);
    expect(boot().querySelector('.staff-html')?.innerHTML).toBe('<p>Met dit formulier <em>geeft</em> u door wat u wilt.</p>');
    expect(boot().textContent).not.toContain('Naam van de hoofdbewoner'); // fields come with the app
  });

  it("the login page: the customer's logo that the server named in the <head>", async () => {
    open('/inloggen', { logo: true });
    const logo = boot().querySelector('img')!;
    expect(logo.getAttribute('src')).toBe('/api/assets/logo.svg');
    expect(logo.getAttribute('alt')).toBe('Woonstad');
    expect(logo.className).toBe('h-16 w-auto object-contain');
  });

  it('an answer that comes after the app has rendered (it starts after 1 s at the latest) changes nothing', async () => {
    let answer!: (response: Response) => void;
    open('/dashboard', { response: new Promise<Response>((resolve) => (answer = resolve)) });
    const root = document.getElementById('root')!;
    root.innerHTML = '<main>de app</main>'; // React's first render replaces the skeleton
    answer(new Response(JSON.stringify(project)));
    await tick();
    expect(root.innerHTML).toBe('<main>de app</main>');
  });

  it('other pages, or an answer that failed: the skeleton stays and the app starts at once', async () => {
    open('/nieuws');
    expect(appStarted()).toBe('/assets/index-1.js');
    expect(boot().querySelector('h1')).toBeNull();

    open('/dashboard', { answer: { message: 'Niet ingelogd' } });
    await tick();
    expect(boot().querySelector('h1')).toBeNull();
    expect(appStarted()).toBe('/assets/index-1.js');
  });

  it("turns every screen's script into a modulepreload, a few per task, each once and in order; none is fine too", async () => {
    const files = Array.from({ length: 40 }, (_, i) => `/assets/part-${i}.js`);
    window.history.replaceState(null, '', '/nieuws');
    document.head.innerHTML = `<link data-portal-app crossorigin href="/assets/index-1.js">${files.map((f) => `<link data-portal-module crossorigin href="${f}">`).join('')}`;
    document.body.innerHTML = skeleton;
    new Function(firstPaint)();
    const preloads = () => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    expect(preloads().length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(preloads()).toHaveLength(files.length), { timeout: 5_000 });
    expect(preloads()).toEqual(files);
    expect([...document.querySelectorAll('link[rel="modulepreload"]')].every((l) => (l as HTMLLinkElement).crossOrigin === 'anonymous')).toBe(true);

    document.head.innerHTML = '<link data-portal-app crossorigin href="/assets/index-1.js">';
    document.body.innerHTML = skeleton;
    expect(() => new Function(firstPaint)()).not.toThrow();
    expect(appStarted()).toBe('/assets/index-1.js');
  });
});
