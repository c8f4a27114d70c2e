import { contrastRatio } from './colors.ts';

/**
 * The WCAG contrast rule for brand colours that the console's forms and the server both apply: white
 * text on the primary and secondary colour must reach 4.5:1. Plain values, no zod.
 */

/** A colour as the console stores it: '#' and six hex digits. */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2.x AA for normal text: white text on a brand colour needs at least this contrast ratio. */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

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

