// The boot data the server puts into the page (DESIGN D5): a state object on `window` or the JSON element
// `#boot-data`. A missing or malformed user id reads as null, which sends the machine to /access-denied.
import { BOOT_DATA_ELEMENT_ID, bootDataSchema } from '../../contract/users';

export interface AppBootData {
  userId: number | null;
  /** The API host; '' means the page's own origin. */
  baseUrl: string;
}

declare global {
  interface Window {
    /** A page may provide the boot data as a state object instead of the JSON element. */
    __BOOT_DATA__?: unknown;
  }
}

/** The raw boot data: the state object first, then the JSON element; undefined when neither is readable. */
function rawBootData(win: Window): unknown {
  if (win.__BOOT_DATA__ !== undefined) return win.__BOOT_DATA__;
  const text = win.document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const baseUrlOf = (raw: unknown): string => {
  const value = (raw as { baseUrl?: unknown } | null | undefined)?.baseUrl;
  return typeof value === 'string' ? value : '';
};

export function readBootData(win: Window = window): AppBootData {
  const raw = rawBootData(win);
  const parsed = bootDataSchema.safeParse(raw);
  if (parsed.success) return { userId: parsed.data.userId, baseUrl: parsed.data.baseUrl ?? '' };
  // A bad user id must not also lose a good base URL: the access-denied page still talks to the right host.
  return { userId: null, baseUrl: baseUrlOf(raw) };
}
