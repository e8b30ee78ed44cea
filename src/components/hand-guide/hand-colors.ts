// The hand guide's colours: a warm, skin-neutral tan (no one skin tone), a lighter nail so the
// fingertips read, on the app's own light background (src/styles/global.css --color-bg).
export const HAND_COLORS = {
  skin: '#d9a88a',
  palm: '#cf9a7c',
  nail: '#f2d6c9',
  /** Outlines of the still picture. */
  edge: '#8a5a44',
  background: '#f7f8fc',
} as const;
