/** 'Jan de Vries' -> 'JV', 'Anna' -> 'A': the first letters of the first and the last name. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (!words.length) return '?';
  const first = [...words[0]!].find((c) => /\p{L}/u.test(c)) ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!].find((c) => /\p{L}/u.test(c)) ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
