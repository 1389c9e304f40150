// How strongly each pixel sits on an edge: the Lab colour gradient (central differences), so a door's outline, a
// gap between doors and a worktop's front edge all count, whether they differ in lightness or in hue.
import type { LabPicture } from './pixels';

export function edgeStrength({ width, height, lab }: LabPicture): Float32Array {
  const strength = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const left = y * width + Math.max(0, x - 1);
      const right = y * width + Math.min(width - 1, x + 1);
      let sum = 0;
      for (let channel = 0; channel < 3; channel++) {
        const dx = (lab[right * 3 + channel] ?? 0) - (lab[left * 3 + channel] ?? 0);
        const dy = (lab[(down + x) * 3 + channel] ?? 0) - (lab[(up + x) * 3 + channel] ?? 0);
        sum += dx * dx + dy * dy;
      }
      strength[y * width + x] = Math.sqrt(sum) / 2;
    }
  }
  return strength;
}
