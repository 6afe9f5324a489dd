import type { ServerKind } from './kind.ts';

/**
 * The kinds this server answers, by module code: filled by `registerRecordKind` so what is keyed
 * by (label, id) alone — a follow-up's attachments — finds its kind's access rule.
 */
const kinds = new Map<number, ServerKind>();

export const rememberKind = (sk: ServerKind) => void kinds.set(sk.kind.label, sk);
export const serverKindOf = (label: number): ServerKind | undefined => kinds.get(label);

/** Every registered kind (the calendar's follow-ups and the activity feed read across kinds). */
export const allServerKinds = (): ServerKind[] => [...kinds.values()];
