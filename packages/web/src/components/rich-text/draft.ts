/** Local drafts of an editor (crm-records 9: written 500 ms after a change), by a key per form. */
const PREFIX = 'rich-text-draft:';

export function readDraft(key: string): string | null {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

export function writeDraft(key: string, html: string): void {
  try {
    localStorage.setItem(PREFIX + key, html);
  } catch {
    // A full or blocked storage only loses the draft.
  }
}

/** Forget a form's draft once it is saved. */
export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing to clear
  }
}
