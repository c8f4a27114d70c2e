/** The client's own version and the header the server tells the newest one in. */
export const CLIENT_VERSION = '7.0.0';
export const FRONTEND_VERSION_HEADER = 'x-frontend-version';

/** Numeric version comparison: '7.10.0' > '7.9.1'. Returns >0 when a is newer than b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
