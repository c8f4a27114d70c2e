/**
 * Staff write links to resident pages into their HTML (news, complaints, information, the welcome
 * message): `/documenten/`, `/berichten/`, `/nieuws/12`. A public visitor or a partner reading the same
 * HTML gets the link to their own page for that module, so nobody is sent to the login by a link.
 */
type Reader = { kind: 'public' | 'partner'; projectId: number };

/** The page paths whose second segment is a project id: every public and partner module page. */
const READER_PATH = /^\/(public|partner)\/[a-z-]+\/(\d+)(\/|$)/;

/** Who reads the page at `path`: a public visitor or a partner of a project, or null (a resident, or no project). */
export function readerOfPath(path: string): Reader | null {
  const match = READER_PATH.exec(path);
  return match ? { kind: match[1] as Reader['kind'], projectId: Number(match[2]) } : null;
}

/** Resident page segments with an equivalent per audience; `keepTail` when the page takes the rest of the path (an item id). */
const EQUIVALENTS: Record<string, { public: boolean; partner: boolean; keepTail: boolean }> = {
  dashboard: { public: true, partner: true, keepTail: false },
  nieuws: { public: true, partner: true, keepTail: true },
  complaints: { public: true, partner: true, keepTail: true },
  informatie: { public: true, partner: true, keepTail: true },
  faq: { public: true, partner: true, keepTail: true },
  planning: { public: true, partner: true, keepTail: false },
  'werk-volgorde': { public: true, partner: true, keepTail: false },
  partners: { public: true, partner: true, keepTail: false },
  documenten: { public: true, partner: true, keepTail: false },
  contactpersonen: { public: true, partner: true, keepTail: false },
  berichten: { public: true, partner: true, keepTail: false },
  enquetes: { public: true, partner: false, keepTail: false },
  enquete: { public: true, partner: false, keepTail: true },
  formulieren: { public: true, partner: false, keepTail: false },
};

/**
 * The href a reader should follow for a link found in staff HTML. Links to other sites, and resident
 * pages without an equivalent for this reader (e.g. /afspraken for a visitor), stay as written.
 */
export function hrefForReader(href: string, reader: Reader | null, origin: string): string {
  if (!reader) return href;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return href;
  }
  if (url.origin !== origin) return href;
  const [segment = '', ...rest] = url.pathname.split('/').filter(Boolean);
  const equivalent = EQUIVALENTS[segment];
  if (!equivalent || !equivalent[reader.kind]) return href;
  // The public survey page is /public/enquete/{project}/{id}; the others put the project id after the module too.
  const tail = equivalent.keepTail && rest.length ? `/${rest.join('/')}` : '';
  return `/${reader.kind}/${segment}/${reader.projectId}${tail}${url.search}${url.hash}`;
}
