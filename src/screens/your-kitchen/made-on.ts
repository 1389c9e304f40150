/** When a kitchen (or a share link) was made, in the reader's own date and time format. */
export const madeOn = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
