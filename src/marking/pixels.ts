// The picture the marking tool works on: RGBA bytes as a canvas's ImageData holds them, in the worker and in node
// tests alike (no DOM type needed).

export interface RgbaPicture {
  readonly width: number;
  readonly height: number;
  /** width × height × 4 bytes, row by row. */
  readonly data: Uint8ClampedArray | Uint8Array;
}

/** A picture's colours in CIELab, three floats a pixel (L, a, b), row by row. */
export interface LabPicture {
  readonly width: number;
  readonly height: number;
  readonly lab: Float32Array;
}

/** Refuses a picture whose bytes do not match its size: every later step indexes by width and height. */
export function checkPicture(picture: RgbaPicture): void {
  const { width, height, data } = picture;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 2 || height < 2)
    throw new RangeError(`A picture to mark must be at least 2 × 2 pixels, not ${width} × ${height}`);
  if (data.length !== width * height * 4)
    throw new RangeError(
      `A ${width} × ${height} picture needs ${width * height * 4} RGBA bytes, not ${data.length}`,
    );
}
