// The looks the browser reads from the app's choices (recolour/looks.ts, `looksOfChoices`) are the looks the
// server paints from its catalogue entries (`surfaceLooksOf`, the offline provider's `photoLookOf`), for every worktop of the catalogue: the preview and the
// result cannot disagree on what was chosen.
import { describe, expect, it } from 'vitest';
import { looksOfChoices, surfaceLooksOf } from '../../recolour/looks';
import { catalogue } from '../../server/catalogue/catalogue';
import { catalogueFront } from '../../tooling/known-kitchens';

describe('the looks of the app’s choices', () => {
  it('are the server’s looks for every worktop and finish of the catalogue', () => {
    const frontal = catalogueFront('Slab', 'Gloss', 'Navy');
    const worktops = [...catalogue.worktopPreviewById.values()];
    expect(worktops.length).toBeGreaterThan(50);
    for (const worktop of worktops) {
      const { material, colour, finish } = worktop;
      const server = surfaceLooksOf(frontal, worktop);
      const browser = looksOfChoices(
        { hex: frontal.hex, finish: frontal.finish },
        { material, colour, finish },
      );
      // The server's worktop look carries its material's name too, for the concept drawing.
      const { material: _drawn, ...painted } = server.worktop;
      expect(browser, `${material} ${colour} ${finish}`).toEqual({ fronts: server.fronts, worktop: painted });
    }
  });

  it('knows no name the catalogue does not', () => {
    const worktop = { material: 'Quartz', colour: 'Calacatta Gold', finish: 'Polished' };
    expect(looksOfChoices({ hex: '#000000', finish: 'Matt' }, worktop)).toBeDefined();
    expect(looksOfChoices({ hex: '#000000', finish: 'Shiny' }, worktop)).toBeUndefined();
    expect(
      looksOfChoices({ hex: '#000000', finish: 'Matt' }, { ...worktop, colour: 'Plaid' }),
    ).toBeUndefined();
    expect(
      looksOfChoices({ hex: '#000000', finish: 'Matt' }, { ...worktop, finish: 'toString' }),
    ).toBeUndefined();
  });
});
