/** The options of MediaPipe's SsdAnchorsCalculator that a detector's graph sets. */
export interface SsdAnchorOptions {
  numLayers: number;
  minScale: number;
  maxScale: number;
  inputSizeWidth: number;
  inputSizeHeight: number;
  anchorOffsetX: number;
  anchorOffsetY: number;
  strides: readonly number[];
  aspectRatios: readonly number[];
  /** Every anchor 1 x 1: the model's box sizes are then relative to the input. */
  fixedAnchorSize: boolean;
  /** One more anchor per layer between this layer's scale and the next's (proto default 1.0). */
  interpolatedScaleAspectRatio: number;
  reduceBoxesInLowestLayer: boolean;
}

/** Floats per anchor in ssdAnchors' output: x centre, y centre, width, height (normalised). */
export const ANCHOR_STRIDE = 4;

function layerScale(minScale: number, maxScale: number, layer: number, layers: number): number {
  return layers === 1 ? (minScale + maxScale) / 2 : minScale + ((maxScale - minScale) * layer) / (layers - 1);
}

/**
 * The SSD anchors a detector's outputs are decoded against, in the order of its outputs: layers
 * that share a stride are one feature map with all their anchors per cell; cells row by row.
 * Runs once, when the detector loads. Out: ANCHOR_STRIDE floats per anchor.
 * ref: mediapipe/calculators/tflite/ssd_anchors_calculator.cc
 */
export function ssdAnchors(options: SsdAnchorOptions): Float32Array {
  const anchors: number[] = [];
  let layer = 0;
  while (layer < options.numLayers) {
    const ratios: number[] = [];
    const scales: number[] = [];
    let last = layer;
    while (last < options.strides.length && options.strides[last] === options.strides[layer]) {
      const scale = layerScale(options.minScale, options.maxScale, last, options.strides.length);
      if (last === 0 && options.reduceBoxesInLowestLayer) {
        ratios.push(1, 2, 0.5);
        scales.push(0.1, scale, scale);
      } else {
        for (const ratio of options.aspectRatios) {
          ratios.push(ratio);
          scales.push(scale);
        }
        if (options.interpolatedScaleAspectRatio > 0) {
          const next =
            last === options.strides.length - 1
              ? 1
              : layerScale(options.minScale, options.maxScale, last + 1, options.strides.length);
          scales.push(Math.sqrt(scale * next));
          ratios.push(options.interpolatedScaleAspectRatio);
        }
      }
      last++;
    }
    const stride = options.strides[layer]!;
    const rows = Math.ceil(options.inputSizeHeight / stride);
    const columns = Math.ceil(options.inputSizeWidth / stride);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < columns; x++) {
        for (let i = 0; i < ratios.length; i++) {
          const ratioSqrt = Math.sqrt(ratios[i]!);
          anchors.push(
            (x + options.anchorOffsetX) / columns,
            (y + options.anchorOffsetY) / rows,
            options.fixedAnchorSize ? 1 : scales[i]! * ratioSqrt,
            options.fixedAnchorSize ? 1 : scales[i]! / ratioSqrt,
          );
        }
      }
    }
    layer = last;
  }
  return Float32Array.from(anchors);
}
