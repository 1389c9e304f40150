// The prompt text every photoreal provider sends: each choice by name and hex value, the layout and island, the
// door and handle style, and the instructions that keep the room as photographed.
import { describe, expect, it } from 'vitest';
import { findKitchenLayout } from '../../../contract/layouts';
import { catalogue } from '../../../server/catalogue/catalogue';
import { emptyRoomPrompt, KEEP_THE_ROOM, kitchenPrompt } from '../../../server/generation/providers/prompt';
import { resolvedChoices } from '../../support/resolved-choices';

const frontals = [...catalogue.frontalPreviewById.values()];
const worktops = [...catalogue.worktopPreviewById.values()];
const find = <T>(values: T[], test: (value: T) => boolean): T => {
  const found = values.find(test);
  if (!found) throw new Error('no such catalogue entry');
  return found;
};

const handled = find(frontals, (entry) => entry.doorStyleGroup === 'Shaker' && !entry.isHandleless);
const handleless = find(frontals, (entry) => entry.isHandleless);
const veined = find(worktops, (entry) => entry.accentHex !== undefined);
const plain = find(worktops, (entry) => entry.texture === 'plain');

describe('the kitchen prompt', () => {
  const prompt = kitchenPrompt({ frontal: handled, worktop: veined, layout: 'u-shaped', hasIsland: true });

  it('names every choice with its hex value', () => {
    expect(prompt).toContain(`${handled.colour} (${handled.hex.toUpperCase()})`);
    expect(prompt).toContain(`${veined.colour} (${veined.hex.toUpperCase()})`);
    expect(prompt).toContain(veined.accentHex?.toUpperCase());
    expect(prompt).toContain(`${handled.finish} finish`);
    expect(prompt).toContain(`${veined.finish} finish`);
    expect(prompt).toContain(`Worktop: ${veined.material}`);
    expect(prompt).toContain('Shaker door style (a recessed centre panel inside a square frame)');
    expect(prompt).toContain('with round knobs');
    expect(prompt).toContain(`${findKitchenLayout('u-shaped')?.name} layout`);
    expect(prompt).toContain('freestanding kitchen island');
  });

  it('names the choices of steps it has no words for, as the user chose them, and nothing when there are none', () => {
    const choices = resolvedChoices({
      frontalId: handled.id,
      worktopId: veined.id,
      shape: 'u-shaped',
      hasIsland: true,
      choices: [
        { step: 'splashback', value: 'tiles', label: 'Tiles' },
        { step: 'floor-covering', value: 'Light oak' },
      ],
    });
    const withOthers = kitchenPrompt({
      frontal: handled,
      worktop: veined,
      layout: 'u-shaped',
      hasIsland: true,
      choices,
    });
    expect(withOthers).toContain('Also as chosen: Splashback: Tiles; Floor covering: Light oak.');
    expect(withOthers.replace(' Also as chosen: Splashback: Tiles; Floor covering: Light oak.', '')).toBe(
      prompt,
    );
    expect(prompt).not.toContain('Also as chosen');
  });

  it('says handleless and no island when those are the choices', () => {
    const other = kitchenPrompt({ frontal: handleless, worktop: plain, layout: 'galley', hasIsland: false });
    expect(other).toContain('no handles at all');
    expect(other).toContain('No kitchen island.');
    expect(other).not.toContain('freestanding kitchen island');
    expect(other).toContain('Galley layout');
    expect(other).toContain(`${plain.colour} (${plain.hex.toUpperCase()})`);
  });

  it('keeps the walls, windows, doors, floor and camera exactly', () => {
    for (const text of [prompt, emptyRoomPrompt()]) {
      expect(text).toContain(KEEP_THE_ROOM);
      for (const kept of ['walls', 'windows and doors', 'floor', 'camera position', 'perspective']) {
        expect(text).toContain(kept);
      }
      expect(text).not.toContain('\n');
    }
  });

  it('asks the empty room to lose every unit and keep the room', () => {
    const empty = emptyRoomPrompt();
    expect(empty).toMatch(/remove every kitchen unit, cabinet, worktop, appliance/);
    expect(empty).not.toContain(handled.colour);
  });
});
