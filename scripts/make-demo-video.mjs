// Renders the landing page's demo video (public/videos/demo.webm and demo-poster.jpg) from the
// recorded ASL alphabet landmarks in data/asl-alphabet: a hand skeleton fingerspelling
// S-I-G-N, each letter turning green as it is matched, the way the practice screen checks it.
// Run once by hand (the output is committed): node scripts/make-demo-video.mjs
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const alphabet = process.env.SIGNLEARN_ALPHABET_DIR ?? resolve(root, 'data', 'asl-alphabet');
const WORD = 'SIGN';
const W = 640, H = 360, FPS = 24, FRAMES_PER_LETTER = 42;
const BONES = [[0, 1], [1, 2], [2, 3], [3, 4], [0, 5], [5, 6], [6, 7], [7, 8], [5, 9], [9, 10], [10, 11], [11, 12], [9, 13], [13, 14], [14, 15], [15, 16], [13, 17], [17, 18], [18, 19], [19, 20], [0, 17]];

const letters = [...WORD].map((letter) => JSON.parse(readFileSync(join(alphabet, `${letter}.json`), 'utf8')).frames);
const canvas = createCanvas(W, H);
const ctx = canvas.getContext('2d');

function drawFrame(letterIndex, step) {
  const bg = ctx.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, '#141a4a');
  bg.addColorStop(1, '#2b1a5e');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  const frames = letters[letterIndex];
  const frame = frames[Math.min(frames.length - 1, step * 2)];
  const points = [];
  for (let i = 0; i < 21; i += 1) points.push([frame[i * 3], frame[i * 3 + 1]]);
  // Fit the hand into the left square, keeping its shape (4:3 camera assumed).
  const xs = points.map((p) => p[0] * 4), ys = points.map((p) => p[1] * 3);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const scale = 240 / Math.max(maxX - minX, maxY - minY);
  const cx = 190 - ((minX + maxX) / 2) * scale, cy = 180 - ((minY + maxY) / 2) * scale;
  const at = (i) => [xs[i] * scale + cx, ys[i] * scale + cy];
  const matched = step > FRAMES_PER_LETTER * 0.55;
  ctx.lineCap = 'round';
  ctx.strokeStyle = matched ? '#3ddc97' : '#8fa2ff';
  ctx.lineWidth = 6;
  for (const [a, b] of BONES) {
    const [x1, y1] = at(a), [x2, y2] = at(b);
    ctx.beginPath(); ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); ctx.stroke();
  }
  ctx.fillStyle = '#ffffff';
  for (let i = 0; i < 21; i += 1) {
    const [x, y] = at(i);
    ctx.beginPath(); ctx.arc(x, y, 5, 0, Math.PI * 2); ctx.fill();
  }
  // The word being spelled, letters done in green, the current one highlighted.
  ctx.font = 'bold 64px sans-serif';
  ctx.textBaseline = 'middle';
  [...WORD].forEach((letter, i) => {
    const done = i < letterIndex || (i === letterIndex && matched);
    ctx.fillStyle = done ? '#3ddc97' : i === letterIndex ? '#ffffff' : 'rgba(255,255,255,0.35)';
    ctx.fillText(letter, 380 + i * 56 + (56 - ctx.measureText(letter).width) / 2, 150);
  });
  // Circular progress of the current sign.
  const progress = Math.min(1, step / (FRAMES_PER_LETTER * 0.55));
  ctx.lineWidth = 8;
  ctx.strokeStyle = 'rgba(255,255,255,0.2)';
  ctx.beginPath(); ctx.arc(470, 260, 34, 0, Math.PI * 2); ctx.stroke();
  ctx.strokeStyle = matched ? '#3ddc97' : '#8fa2ff';
  ctx.beginPath(); ctx.arc(470, 260, 34, -Math.PI / 2, -Math.PI / 2 + progress * Math.PI * 2); ctx.stroke();
  ctx.font = 'bold 20px sans-serif';
  ctx.fillStyle = '#ffffff';
  ctx.fillText(matched ? 'Matched' : 'Checking…', 520, 262);
}

const out = join(root, 'public', 'videos');
const ffmpeg = spawn('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${W}x${H}`, '-r', String(FPS), '-i', '-',
  '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-pix_fmt', 'yuv420p', '-an', join(out, 'demo.webm')], { stdio: ['pipe', 'inherit', 'inherit'] });
for (let letter = 0; letter < WORD.length; letter += 1) {
  for (let step = 0; step < FRAMES_PER_LETTER; step += 1) {
    drawFrame(letter, step);
    const data = ctx.getImageData(0, 0, W, H).data;
    if (!ffmpeg.stdin.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength))) await new Promise((r) => ffmpeg.stdin.once('drain', r));
  }
}
ffmpeg.stdin.end();
await new Promise((r) => ffmpeg.on('close', r));
drawFrame(2, FRAMES_PER_LETTER - 1);
const { writeFileSync } = await import('node:fs');
writeFileSync(join(out, 'demo-poster.jpg'), canvas.toBuffer('image/jpeg', 80));
console.log('wrote public/videos/demo.webm and demo-poster.jpg');
