/**
 * Brand colours: what every page needs (a colour's luminance, the readable text colour the portal puts
 * on a brand colour). The console's contrast rule is in brand-color-rules.ts: a module shared by the
 * main chunk and a console chunk lands whole in the main chunk, so the rule stays in a module of its own.
 */

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

/** White or near-black text, whichever contrasts more with the brand colour. */
export function readableTextOn(background: string): string {
  const l = relativeLuminance(background);
  const contrastWhite = 1.05 / (l + 0.05);
  const contrastBlack = (l + 0.05) / 0.05;
  return contrastWhite >= contrastBlack ? '#ffffff' : '#111827';
}
