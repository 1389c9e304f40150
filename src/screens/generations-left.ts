// How the remaining generation count reads, wherever a screen shows it (wizard, upload, result).

export const NO_GENERATIONS_LEFT = 'You have no generations left.';

export const remainingText = (remaining: number | null): string | null =>
  remaining === null ? null : `${remaining} ${remaining === 1 ? 'generation' : 'generations'} left`;
