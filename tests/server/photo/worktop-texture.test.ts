import { beforeAll, describe, expect, it } from 'vitest';
import type { WorktopLook } from '../../../recolour/looks';
import { sampleTexture, type Texture, worktopTexture } from '../../../recolour/worktop-texture';
import { drawWorktopTile } from '../../../server/generation/picture-work/worktop-tile';

// The worktop's material as the photo result samples it: veins at their own contrast close up, their mean far off
// (where one pixel covers many texels, a vein must not break into dashes), and no seam where the block repeats.

/** The texture from the tile the server draws. */
const textureOf = async (look: WorktopLook) => worktopTexture(await drawWorktopTile(look), look);

let marble: Texture;
const sample = (u: number, v: number, footprint: number) => {
  const out = new Float32Array(3);
  sampleTexture(marble, u, v, footprint, out);
  return out[1] ?? 0;
};

beforeAll(async () => {
  marble = await textureOf({
    texture: 'veined',
    hex: '#F2F0EB',
    accentHex: '#5A5A5C',
    finish: 'Polished',
  });
});

/** Green channel (linear) along a line across the block, `steps` samples, `footprint` metres a pixel. */
const line = (steps: number, footprint: number) =>
  Array.from({ length: steps }, (_, step) =>
    sample((step / steps) * marble.metres, 0.37 * marble.metres, footprint),
  );

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

describe('the worktop texture', () => {
  it('shows the veins close up and their mean far off', () => {
    const close = line(2048, marble.metres / 2048);
    const far = line(2048, marble.metres / 8);
    expect(spread(close)).toBeGreaterThan(0.1);
    expect(spread(far)).toBeLessThan(spread(close) / 3);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(Math.abs(mean(far) - mean(close))).toBeLessThan(0.03);
  });

  it('repeats without a seam: the last texel of the block meets the first as neighbours do', () => {
    const texel = marble.metres / (marble.levels[0]?.size ?? 1);
    const steps: number[] = [];
    for (let at = 0; at < marble.metres; at += texel)
      steps.push(Math.abs(sample(at + texel, 0.2, texel) - sample(at, 0.2, texel)));
    const acrossSeam = Math.abs(
      sample(marble.metres + texel / 2, 0.2, texel) - sample(marble.metres - texel / 2, 0.2, texel),
    );
    const sorted = [...steps].sort((a, b) => a - b);
    expect(acrossSeam).toBeLessThanOrEqual(sorted[Math.floor(sorted.length * 0.99)] ?? 0);
  });
});

describe('a speckled stone', () => {
  it("has grains of granite's size on the counter, well under a centimetre, not dots of two", async () => {
    const granite = await textureOf({
      texture: 'speckled',
      hex: '#2B2B2D',
      accentHex: '#C9C6C0',
      finish: 'Polished',
    });
    // Close up (a texel a sample), along lines across the block: the longest run of light grain, in metres.
    const steps = 2048;
    const at = new Float32Array(3);
    let longest = 0;
    for (const row of [0.13, 0.37, 0.61, 0.89]) {
      let run = 0;
      for (let step = 0; step < steps; step += 1) {
        sampleTexture(
          granite,
          (step / steps) * granite.metres,
          row * granite.metres,
          granite.metres / steps,
          at,
        );
        run = (at[1] ?? 0) > 0.2 ? run + 1 : 0;
        longest = Math.max(longest, (run / steps) * granite.metres);
      }
    }
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(0.008);
  });
});
