// libheif-js ships no types for its ES module bundle (the WASM inlined); this is the part the app uses.
declare module 'libheif-js/libheif-wasm/libheif-bundle.mjs' {
  export interface HeifImage {
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    display(
      target: { data: Uint8ClampedArray; width: number; height: number },
      done: (result: object | null) => void,
    ): void;
    free(): void;
  }
  export interface Libheif {
    HeifDecoder: new () => { decoder: number | null; decode(bytes: Uint8Array): HeifImage[] };
    heif_context_free(context: number): void;
  }
  /** Instantiates the module synchronously (the WASM binary is inlined). */
  const createLibheif: () => Libheif;
  export default createLibheif;
}
