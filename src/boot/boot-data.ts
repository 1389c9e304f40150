// The boot data the server puts into the page (DESIGN D5): a state object on `window` or the JSON element
// `#boot-data`. A missing or malformed user id reads as null, which sends the machine to /access-denied.
//
// The rules of `bootDataSchema` (contract/users.ts) are restated here by hand: that module is built with zod,
// which would add about 25 KB gzip to the first load for two fields (tests/app/bundle-budget.test.ts checks
// that both readings agree).
import { BOOT_DATA_ELEMENT_ID } from '../../contract/boot-data';
import { OFFLINE_IMAGE_SERVICE } from '../../contract/image-services';

export interface AppBootData {
  userId: number | null;
  /** The API host; '' means the page's own origin. */
  baseUrl: string;
  /** The image service the site makes kitchens with; the offline default when absent or malformed. */
  imageService: string;
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

/** A positive integer, also written as a numeric string without a leading zero (`userIdSchema`). */
const USER_ID_TEXT = /^[1-9]\d{0,15}$/;

function userIdOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  return typeof value === 'string' && USER_ID_TEXT.test(value) ? Number(value) : null;
}

const fieldOf = (raw: unknown, name: 'userId' | 'baseUrl' | 'imageService'): unknown =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)[name]
    : undefined;

export function readBootData(win: Window = window): AppBootData {
  const raw = rawBootData(win);
  const baseUrl = fieldOf(raw, 'baseUrl');
  const userId = userIdOf(fieldOf(raw, 'userId'));
  const imageService = fieldOf(raw, 'imageService');
  // As the contract reads it: a base URL of the wrong type spoils the whole boot data, so the user id too.
  // A bad user id must not also lose a good base URL: the access-denied page still talks to the right host.
  const baseUrlValid = baseUrl === undefined || typeof baseUrl === 'string';
  return {
    userId: baseUrlValid ? userId : null,
    baseUrl: typeof baseUrl === 'string' ? baseUrl : '',
    imageService:
      typeof imageService === 'string' && imageService !== '' ? imageService : OFFLINE_IMAGE_SERVICE,
  };
}
