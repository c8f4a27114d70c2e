import type { TBranding, TRole } from '@portal/contract';
import { clearPersonalCaches } from './offline-cache';

/**
 * Everything the portal keeps in the browser, in one place. Logout clears all of it.
 * Keys follow the spec's local stored values (token, role, admin token, address id, is_admin, project).
 */
const KEY = {
  token: 'portal.token',
  role: 'portal.role',
  adminToken: 'portal.admin_token',
  addressId: 'portal.address_id',
  isAdmin: 'portal.is_admin',
  projectId: 'portal.project_id',
  branding: 'portal.branding',
  brandingSource: 'portal.branding_source',
  /** The brand colours last applied, read by index.html's skeleton before the app loads (no request). */
  brandColors: 'portal.brand_colors',
} as const;

/** The staff console's session token (lib/staff-api.ts), which a resident's logout leaves alone. */
export const STAFF_TOKEN_KEY = 'portal.staff_token';

/** Per-project visitor code: `portal.visitor.{projectId}`. */
const VISITOR_KEY_PREFIX = 'portal.visitor.';

const SESSION_KEY = {
  returnTo: 'portal.return_to',
  activation: 'portal.activation',
  embed: 'portal.embed',
  loginReason: 'portal.login_reason',
} as const;

/** Why the portal sent the person to /inloggen (shown once there). */
export type LoginReason = 'expired' | 'forbidden' | 'error';

/**
 * When the browser refuses its storage (a frame on another site with third-party storage blocked:
 * even reading `localStorage` throws there; private mode; full storage), values live in the
 * page's memory: the session lasts as long as the page.
 */
const memory = { local: new Map<string, string>(), session: new Map<string, string>() };
type Area = keyof typeof memory;
const browserStore = (area: Area): Storage => (area === 'local' ? globalThis.localStorage : globalThis.sessionStorage);

function read(key: string, area: Area = 'local'): string | null {
  try {
    return browserStore(area).getItem(key);
  } catch {
    return memory[area].get(key) ?? null;
  }
}
function write(key: string, value: string | null, area: Area = 'local') {
  try {
    if (value === null) browserStore(area).removeItem(key);
    else browserStore(area).setItem(key, value);
  } catch {
    if (value === null) memory[area].delete(key);
    else memory[area].set(key, value);
  }
}

/** What a public visitor's chat remembers per project (spec section 4) besides the shared visitor code: name and e-mail. */
export type ChatVisitor = { name?: string; email?: string };
const chatVisitorKey = (projectId: number) => `portal.chat_visitor.${projectId}`;

export type StoredSession = { token: string; role: TRole; adminToken?: string | null; addressId?: number | null; isAdmin?: boolean };
export type ActivationState = { zipcode: string; house_number: string; code: string; accepted?: boolean };

export const storage = {
  token: () => read(KEY.token),
  role: () => read(KEY.role) as TRole | null,
  adminToken: () => read(KEY.adminToken),
  addressId: () => Number(read(KEY.addressId)) || null,
  isAdmin: () => read(KEY.isAdmin) === 'true',
  projectId: () => Number(read(KEY.projectId)) || null,

  saveSession(session: StoredSession) {
    // Another person's (or another address's) session: the last-seen data of the previous one goes.
    if (read(KEY.token) !== session.token) void clearPersonalCaches();
    write(KEY.token, session.token);
    write(KEY.role, session.role);
    write(KEY.adminToken, session.adminToken ?? null);
    write(KEY.addressId, session.addressId ? String(session.addressId) : null);
    write(KEY.isAdmin, session.isAdmin ? 'true' : null);
  },
  clearSession() {
    void clearPersonalCaches();
    for (const key of [KEY.token, KEY.role, KEY.adminToken, KEY.addressId, KEY.isAdmin]) write(key, null);
  },
  setProjectId(id: number | null) {
    write(KEY.projectId, id === null ? null : String(id));
  },
  branding(): Partial<TBranding> | null {
    try {
      return JSON.parse(read(KEY.branding) ?? 'null');
    } catch {
      return null;
    }
  },
  /** 'link': the branding came with a /setlogin link and outranks the project's own (see AppLayout). */
  setBranding(branding: Partial<TBranding> | null, source: 'login' | 'link' = 'login') {
    write(KEY.branding, branding ? JSON.stringify(branding) : null);
    write(KEY.brandingSource, branding ? source : null);
  },
  brandingFromLink: () => read(KEY.brandingSource) === 'link',
  /** CSS variable -> colour ('--brand-primary': '#0b5394'), as index.html's boot script applies them. */
  setBrandColors: (colors: Record<string, string>) => write(KEY.brandColors, JSON.stringify(colors)),

  chatVisitor(projectId: number): ChatVisitor {
    try {
      const value: unknown = JSON.parse(read(chatVisitorKey(projectId)) ?? '{}');
      return value && typeof value === 'object' ? (value as ChatVisitor) : {};
    } catch {
      return {};
    }
  },
  /** Merges into the visitor's stored values for this project. */
  setChatVisitor(projectId: number, patch: ChatVisitor) {
    write(chatVisitorKey(projectId), JSON.stringify({ ...storage.chatVisitor(projectId), ...patch }));
  },

  /** The login page shows the reason once and then forgets it. */
  loginReason(): LoginReason | null {
    const reason = read(SESSION_KEY.loginReason, 'session');
    return reason === 'expired' || reason === 'forbidden' || reason === 'error' ? reason : null;
  },
  setLoginReason: (reason: LoginReason | null) => write(SESSION_KEY.loginReason, reason, 'session'),
  returnTo: () => read(SESSION_KEY.returnTo, 'session'),
  setReturnTo: (path: string | null) => write(SESSION_KEY.returnTo, path, 'session'),
  activation(): ActivationState | null {
    try {
      return JSON.parse(read(SESSION_KEY.activation, 'session') ?? 'null');
    } catch {
      return null;
    }
  },
  setActivation: (state: ActivationState | null) => write(SESSION_KEY.activation, state ? JSON.stringify(state) : null, 'session'),
  embed: () => read(SESSION_KEY.embed, 'session') === 'true',
  setEmbed: () => write(SESSION_KEY.embed, 'true', 'session'),

  /**
   * A public visitor's anonymous code (`unique`), one per project, shared by chat, surveys and forms:
   * whichever module the visitor opens first gets it from the server and every module reuses it.
   */
  visitorUnique: (projectId: number) => read(`${VISITOR_KEY_PREFIX}${projectId}`),
  setVisitorUnique: (projectId: number, unique: string | null) => write(`${VISITOR_KEY_PREFIX}${projectId}`, unique),

  /**
   * Logout: every stored value goes, the per-project visitor codes included; only the staff console's own
   * session stays (lib/staff-api.ts): a resident session opened from the console ("open as resident", a
   * /setlogin link in another tab) or a resident's logout in the same browser must not end it.
   */
  clearAll() {
    void clearPersonalCaches();
    const staffToken = read(STAFF_TOKEN_KEY);
    memory.local.clear();
    memory.session.clear();
    try {
      globalThis.localStorage.clear();
      globalThis.sessionStorage.clear();
    } catch {
      /* storage refused: only the memory held anything */
    }
    if (staffToken) write(STAFF_TOKEN_KEY, staffToken);
  },
};
