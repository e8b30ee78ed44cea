// Launches Debian's Chromium (/usr/bin/chromium) headless through playwright-core. The flags are
// recorded in the bench output.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  // WebGL on a GPU-less machine: SwiftShader (MediaPipe's solutions always run GPU graphs).
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
  '--ignore-gpu-blocklist',
  // WebGPU is exposed so that the tracker can look for an adapter (and reject a software one).
  '--enable-unsafe-webgpu',
  // The bench pages run flat out: no timer throttling of a page that looks hidden.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--no-sandbox',
  // More flags for this machine, space-separated: on a machine with a GPU, what its Chromium needs
  // to offer a hardware WebGPU adapter headless (e.g. --enable-features=Vulkan).
  ...(process.env.CHROMIUM_EXTRA_ARGS ?? '').split(' ').filter(Boolean),
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`bench: Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
