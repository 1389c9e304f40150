// A colour sample: the catalogue's swatch image over its primary colour, so the card has colour at once and
// its size is reserved before the image arrives.
import '../styles/choices.css';

interface SwatchProps {
  hex?: string | undefined;
  imageUrl?: string | undefined;
  /** Adds a sheen for glossy or polished finishes. */
  finish?: string | undefined;
}

const finishClass = (finish: string | undefined): string => {
  const name = finish?.toLowerCase() ?? '';
  if (name.includes('gloss') || name.includes('polish')) return ' swatch--gloss';
  if (name.includes('leather') || name.includes('textur') || name.includes('brush'))
    return ' swatch--textured';
  return '';
};

export function Swatch({ hex, imageUrl, finish }: SwatchProps) {
  return (
    <span className={`swatch${finishClass(finish)}`} style={hex ? { backgroundColor: hex } : undefined}>
      {imageUrl && <img src={imageUrl} alt="" loading="lazy" decoding="async" width={160} height={120} />}
    </span>
  );
}
