// The layout sketch beside a kitchen's photo result (issue 22): a recolour keeps the visitor's room as it is, so
// the layout and island they chose are shown as the concept drawing, over the light read from their photo,
// labelled across the top as a sketch. Drawn once, when the kitchen's job succeeds, and stored with it as an
// image of the owner's (issue 34, point 5): reading it costs a read, never a drawing.
import type { ResolvedConfiguration } from '../generation/configuration';
import { type ConceptImage, renderConcept } from '../generation/render/render-concept';

/** The words across the sketch's top: the layout as its option reads, the island, and that it is not the photo. */
function layoutSketchLabel({ choices, layout, hasIsland }: ResolvedConfiguration): string {
  const chosen = choices.find(({ step }) => step === 'kitchen-shape')?.label ?? layout;
  return `Layout sketch: ${chosen}${hasIsland ? ' with an island' : ''}. A drawing, not your photo.`;
}

export function drawLayoutSketch(configuration: ResolvedConfiguration, photo: Buffer): Promise<ConceptImage> {
  return renderConcept({ photo, ...configuration, label: layoutSketchLabel(configuration) });
}
