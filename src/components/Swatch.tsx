// A colour sample: the catalogue's swatch image over its primary colour, so the card has colour at once and
// its size is reserved before the image arrives; a finish is drawn over the colour the way it catches the light.
import '../styles/choices.css';

interface SwatchProps {
  hex?: string | undefined;
  imageUrl?: string | undefined;
  /** Drawn over the colour the way the finish looks: flat, sheen, reflections, brush strokes, grain, texture. */
  finish?: string | undefined;
}

/**
 * The look of each finish, by the words its name contains (first match wins): issue 25 asked that finishes which
 * differ also look different (Matt, Painted, Woodgrain and Textured were four identical blocks; Polished and Honed
 * the same). Names the table does not know are drawn flat, like matt.
 */
const FINISH_LOOKS: ReadonlyArray<readonly [RegExp, string]> = [
  [/polish|mirror/, 'polished'],
  [/gloss/, 'gloss'],
  [/lacquer/, 'lacquered'],
  [/super.?matt/, 'super-matt'],
  [/satin|silk|oiled/, 'satin'],
  [/honed|suede/, 'honed'],
  [/paint/, 'painted'],
  [/wood|grain|oak|walnut/, 'woodgrain'],
  [/brush/, 'brushed'],
  [/leather|textur|stone/, 'textured'],
];

export const finishLookOf = (finish: string): string =>
  FINISH_LOOKS.find(([words]) => words.test(finish.toLowerCase()))?.[1] ?? 'matt';

export function Swatch({ hex, imageUrl, finish }: SwatchProps) {
  return (
    <span
      className={finish ? `swatch swatch--${finishLookOf(finish)}` : 'swatch'}
      style={hex ? { backgroundColor: hex } : undefined}
    >
      {imageUrl && <img src={imageUrl} alt="" loading="lazy" decoding="async" width={160} height={120} />}
    </span>
  );
}
