// The concept render draws every choice it has a look for; the others (a studio's own steps) are named in words
// on a band along the bottom of the picture, so the user sees that they were heard (D40).
import { choicesInWords, type DescribedChoice } from '../configuration';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** The band's SVG for a render of this size; empty when there is nothing to name. */
export function otherChoicesCaption(
  width: number,
  height: number,
  choices: readonly DescribedChoice[],
): string {
  if (choices.length === 0) return '';
  const size = Math.round(width / 64);
  const band = Math.round(size * 2.2);
  const text = escapeXml(`Also chosen: ${choicesInWords(choices)}`);
  return (
    `<g class="other-choices"><rect x="0" y="${height - band}" width="${width}" height="${band}" fill="#000000" ` +
    `fill-opacity="0.55"/><text x="${size}" y="${height - Math.round(band * 0.32)}" font-family="DejaVu Sans, ` +
    `sans-serif" font-size="${size}" fill="#FFFFFF">${text}</text></g>`
  );
}

/** A band across the top naming what the picture is (the layout sketch says it is a drawing, not the photo). */
export function labelBand(width: number, label: string): string {
  const size = Math.round(width / 48);
  const band = Math.round(size * 2.2);
  return (
    `<g class="label"><rect x="0" y="0" width="${width}" height="${band}" fill="#000000" fill-opacity="0.7"/>` +
    `<text x="${size}" y="${Math.round(band * 0.68)}" font-family="DejaVu Sans, sans-serif" font-size="${size}" ` +
    `fill="#FFFFFF">${escapeXml(label)}</text></g>`
  );
}
