/**
 * Brand colours: the WCAG contrast rule that the console's forms and the server both apply (white text
 * on the primary and secondary colour must reach 4.5:1), and the readable text colour the portal puts
 * on a brand colour. Plain values, no zod, so the web bundle stays small.
 */

/** A colour as the console stores it: '#' and six hex digits. */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2.x AA for normal text: white text on a brand colour needs at least this contrast ratio. */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

export function isHexColor(value: string | null | undefined): value is string {
  return !!value && /^#?[0-9a-f]{6}$/i.test(value.trim());
}

/** Relative luminance of a #rrggbb colour (WCAG 2.x); 0 for anything else. */
export function relativeLuminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return 0;
  const value = Number.parseInt(m[1]!, 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

/** The WCAG contrast ratio (1..21) between two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The ratio of white text on `background`, rounded down to one decimal as it is shown ('4,4'). */
export function contrastWithWhite(background: string): number {
  return Math.floor(contrastRatio('#ffffff', background) * 10) / 10;
}

/** Whether white text on `background` is readable enough (WCAG AA, 4.5:1). */
export function isReadableWithWhite(background: string): boolean {
  return contrastRatio('#ffffff', background) >= MIN_CONTRAST_WITH_WHITE;
}

export const colorMessages = {
  invalid: 'Vul een kleur in als # met zes tekens (0-9, a-f), bijvoorbeeld #0b5394',
  tooLight: (ratio: number) =>
    `Deze kleur is te licht voor witte tekst: het contrast is ${String(ratio).replace('.', ',')}:1 en moet minimaal 4,5:1 zijn. Kies een donkerdere kleur.`,
  readable: (ratio: number) => `Witte tekst is goed leesbaar op deze kleur (contrast ${String(ratio).replace('.', ',')}:1).`,
} as const;

/** The Dutch problem with a brand colour, or null when it is a valid colour that white text is readable on. */
export function brandColorProblem(value: string): string | null {
  if (!HEX_COLOR_PATTERN.test(value)) return colorMessages.invalid;
  return isReadableWithWhite(value) ? null : colorMessages.tooLight(contrastWithWhite(value));
}

/** White or near-black text, whichever contrasts more with the brand colour. */
export function readableTextOn(background: string): string {
  const l = relativeLuminance(background);
  const contrastWhite = 1.05 / (l + 0.05);
  const contrastBlack = (l + 0.05) / 0.05;
  return contrastWhite >= contrastBlack ? '#ffffff' : '#111827';
}
