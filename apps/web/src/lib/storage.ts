import type { TBranding, TRole } from '@portal/contract';

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
} as const;

const SESSION_KEY = {
  returnTo: 'portal.return_to',
  activation: 'portal.activation',
  embed: 'portal.embed',
} as const;

function read(key: string, store: Storage = localStorage): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null, store: Storage = localStorage) {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    /* private mode or full storage: the session lasts as long as the page */
  }
}

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
    write(KEY.token, session.token);
    write(KEY.role, session.role);
    write(KEY.adminToken, session.adminToken ?? null);
    write(KEY.addressId, session.addressId ? String(session.addressId) : null);
    write(KEY.isAdmin, session.isAdmin ? 'true' : null);
  },
  clearSession() {
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
  setBranding(branding: Partial<TBranding> | null) {
    write(KEY.branding, branding ? JSON.stringify(branding) : null);
  },

  returnTo: () => read(SESSION_KEY.returnTo, sessionStorage),
  setReturnTo: (path: string | null) => write(SESSION_KEY.returnTo, path, sessionStorage),
  activation(): ActivationState | null {
    try {
      return JSON.parse(read(SESSION_KEY.activation, sessionStorage) ?? 'null');
    } catch {
      return null;
    }
  },
  setActivation: (state: ActivationState | null) => write(SESSION_KEY.activation, state ? JSON.stringify(state) : null, sessionStorage),
  embed: () => read(SESSION_KEY.embed, sessionStorage) === 'true',
  setEmbed: () => write(SESSION_KEY.embed, 'true', sessionStorage),

  /** Logout: every stored value goes, the per-project visitor codes included. */
  clearAll() {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      /* nothing stored */
    }
  },
};
