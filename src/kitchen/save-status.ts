// How the last save of the user's choices went: state beside the flow, not part of it (DESIGN D31). The
// statechart decides what is chosen and where the user is; this atom only remembers whether the browser's
// storage took the last save whole, for the notice that may say so. Setting the same outcome again notifies
// nobody (the atom compares with Object.is).
import { type Atom, createAtom } from '@xstate/store';
import type { SaveOutcome } from '../persistence/kitchen-storage';

export type SaveStatus = Atom<SaveOutcome | null>;

/** null until the first save. */
export const createSaveStatus = (): SaveStatus => createAtom<SaveOutcome | null>(null);
