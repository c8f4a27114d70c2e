/**
 * What the forms keep in the browser (spec 3.9): the draft of each section being filled until the
 * server saved it, and the 'submitted' flag of a public form. Kept apart from storage.ts (which every
 * page loads) because only the forms use it; logout's storage.clearAll() empties localStorage, drafts
 * included.
 */

/**
 * What was typed in one section and not yet saved by the server, so that nothing is lost to a closed
 * tab or a lost connection. `pending`: a save was made and failed for want of a connection; it is sent
 * again when the connection returns.
 */
export type FormDraft = { values: Record<string, unknown>; photos: Record<string, unknown>; pending: boolean; savedAt: number };

const DRAFT_PREFIX = 'portal.form_draft.';
const OPENED_PREFIX = 'portal.attachments_opened.';
const submittedKey = (formId: number) => `portal.public_form_submitted.${formId}`;

/** Where the browser refuses its storage (a framed portal with third-party storage blocked), the page's memory. */
const memory = new Map<string, string>();
function read(key: string): string | null {
  try {
    return globalThis.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) globalThis.localStorage.removeItem(key);
    else globalThis.localStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}
function keysWith(prefix: string): string[] {
  try {
    const store = globalThis.localStorage;
    return Array.from({ length: store.length }, (_, i) => store.key(i) ?? '').filter((key) => key.startsWith(prefix));
  } catch {
    return [...memory.keys()].filter((key) => key.startsWith(prefix));
  }
}

/** `scope` names the entry ('generic:occupant:3:12:40', without dots), `section` the section. */
export const formDrafts = {
  get(scope: string, section: string): FormDraft | null {
    try {
      const draft = JSON.parse(read(`${DRAFT_PREFIX}${scope}.${section}`) ?? 'null') as Partial<FormDraft> | null;
      if (!draft || typeof draft !== 'object' || !draft.values || typeof draft.values !== 'object') return null;
      return { values: draft.values, photos: draft.photos ?? {}, pending: draft.pending === true, savedAt: draft.savedAt ?? 0 };
    } catch {
      return null;
    }
  },
  /** Storage that is full keeps the draft in the page's memory. */
  set(scope: string, section: string, draft: FormDraft | null) {
    write(`${DRAFT_PREFIX}${scope}.${section}`, draft ? JSON.stringify(draft) : null);
  },
  /** The sections of `scope` that have a draft. */
  sections: (scope: string) => keysWith(`${DRAFT_PREFIX}${scope}.`).map((key) => key.slice(DRAFT_PREFIX.length + scope.length + 1)),
};

/** A public form the visitor submitted (spec 4.5): it shows read-only afterwards. */
export const publicFormSubmitted = {
  get: (formId: number) => read(submittedKey(formId)) === 'true',
  set: (formId: number) => write(submittedKey(formId), 'true'),
};

/**
 * The attachments of a support-base form opened in this browser, by name (`scope` as for drafts): the
 * wizard ticks Bijlages once all are opened. Plain file links, so only the browser sees them opened.
 */
export const openedAttachments = {
  get(scope: string): string[] {
    try {
      const names = JSON.parse(read(`${OPENED_PREFIX}${scope}`) ?? '[]') as unknown;
      return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
    } catch {
      return [];
    }
  },
  add(scope: string, name: string): string[] {
    const names = openedAttachments.get(scope);
    const next = names.includes(name) ? names : [...names, name];
    write(`${OPENED_PREFIX}${scope}`, JSON.stringify(next));
    return next;
  },
};
