// The handles auto-skip rule (spec §2): each handle style's text, trimmed and case-insensitive, reads as
// handleless or with-handle; when every style reads the same, the choice is made for the user.

const HANDLELESS_WORDS = new Set(['handleless', 'yes', 'true']);
const WITH_HANDLE_WORDS = new Set(['handle', 'no', 'false']);

/** `true` for handleless, `false` for with-handle, `null` for a text that reads as neither. */
export const readHandleStyle = (style: string): boolean | null => {
  const word = style.trim().toLowerCase();
  if (HANDLELESS_WORDS.has(word)) return true;
  if (WITH_HANDLE_WORDS.has(word)) return false;
  return null;
};

/** The one handle choice all styles resolve to, or `null` when there is a real choice (or nothing to read). */
export const resolveHandleChoice = (styles: readonly string[]): boolean | null => {
  const readings = new Set(styles.map(readHandleStyle));
  if (readings.size !== 1) return null;
  const [only] = readings;
  return only ?? null;
};
