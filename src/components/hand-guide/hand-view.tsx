// A hand the learner can turn: plays a HandClip in 3-D (hand-renderer.ts, WebGL) or, where WebGL
// is not available, as a flat 2-D picture (still-hand.ts). Turned by dragging it, by the arrow keys
// while it has focus, or by its labelled 'Turn the hand' slider. It renders only when something
// changed (a new pose, a turn, a resize), so a held letter costs one frame, not a loop: the
// camera screen's tracker keeps the processor.
//
// For tests and tools the root element carries what it shows: data-renderer ('webgl' | 'still'),
// data-frame (the recording's frame on screen, -1 between letters), data-yaw (degrees),
// data-playing, data-fingertips, the five fingertips' [x, y] in CSS pixels of the canvas, and
// data-palm, the wrist's and the four knuckles'.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { fingertipPixels, palmPixels, POINTS } from '@/lib/hand-guide/hand-geometry.ts';
import { advanceClipMs, type HandClip } from '@/lib/hand-guide/hand-clip.ts';
import type { HandRenderer } from './hand-renderer.ts';
import { drawStillHand } from './still-hand.ts';
import './hand-guide.css';

export const MAX_TURN_DEG = 90;
const KEY_TURN_DEG = 15;
/** Degrees turned per pixel dragged. */
const DRAG_DEG_PER_PX = 0.6;
/** Fastest redraw while playing: the recordings are 30 frames/s. */
const MIN_FRAME_MS = 1000 / 30;
/** On a software rasteriser a presented frame cost the page about 40 ms (SwiftShader, a busy
 * 2-core machine: J playing took 55-65% of the main thread at 15 frames/s, 22-25% at 8): a
 * letter's guide draws 8 frames/s there. */
const SOFTWARE_FRAME_MS = 125;

export interface HandViewProps {
  clip: HandClip;
  /** The picture's accessible name, e.g. 'Hand showing the letter Q'. */
  label: string;
  /** Plays at once (unless the learner prefers reduced motion). */
  autoPlay?: boolean;
  /** No slider or play button: a small overlay (the camera screen); drag and arrow keys still turn it. */
  compact?: boolean;
  /** Restart the clip from its start when this changes (a new word). */
  playKey?: string | number;
  /** Called when the letter the clip shows changes (clips that spell: HandClip.shownAt). */
  onShown?: (shown: { index: number; letter: string } | null) => void;
  /** Called each time a play-through of a clip with a duration ends (it then loops, or stops if `loop` is false). */
  onEnded?: () => void;
  loop?: boolean;
  className?: string;
}

const clampTurn = (deg: number) => Math.max(-MAX_TURN_DEG, Math.min(MAX_TURN_DEG, deg));
const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function HandView({ clip, label, autoPlay = true, compact = false, playKey, onShown, onEnded, loop = true, className }: HandViewProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [yawDeg, setYawDeg] = useState(0);
  const [playing, setPlaying] = useState(() => autoPlay && !prefersReducedMotion() && clip.durationMs !== null);
  const [renderer, setRenderer] = useState<HandRenderer | 'still' | null>(null);
  const state = useRef({ clip, yawDeg, playing, elapsedMs: 0, size: 0, onEnded, onShown, loop, shown: '', drawnIndex: -1 });
  state.current.clip = clip;
  state.current.yawDeg = yawDeg;
  state.current.playing = playing;
  state.current.onEnded = onEnded;
  state.current.onShown = onShown;
  state.current.loop = loop;
  const drawRef = useRef<() => void>(() => undefined);
  const drag = useRef<{ x: number; yaw: number } | null>(null);

  // One renderer per canvas, and one canvas per mount: a WebGL context given back (dispose)
  // leaves its canvas unusable, so a remount (React's strict mode does one at once) gets a new
  // canvas. WebGL missing or refused -> the still picture.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'hand-view__canvas';
    canvas.setAttribute('aria-hidden', 'true');
    stage.append(canvas);
    canvasRef.current = canvas;
    let created: HandRenderer | null = null;
    let live = true;
    // three.js arrives in its own chunk, so a page with a hand on it shows without waiting for it.
    import('./hand-renderer.ts')
      .then(({ HandRenderer: Renderer }) => {
        if (!live) return;
        created = Renderer.create(canvas);
        setRenderer(created);
      })
      .catch(() => live && setRenderer('still'));
    return () => {
      live = false;
      created?.dispose();
      canvas.remove();
      if (canvasRef.current === canvas) canvasRef.current = null;
      setRenderer(null);
    };
  }, []);

  // The clip changed: frame it, start it from the beginning.
  useEffect(() => {
    state.current.elapsedMs = 0;
    state.current.shown = '';
    state.current.drawnIndex = -1;
    if (renderer && renderer !== 'still') renderer.setFraming(clip.framing);
    setPlaying(autoPlay && !prefersReducedMotion() && clip.durationMs !== null);
    drawRef.current();
  }, [clip, renderer, playKey, autoPlay]);

  // Draws the pose at the clip's current time, at the current turn and size.
  useEffect(() => {
    const pose = new Float32Array(POINTS * 3);
    drawRef.current = () => {
      const canvas = canvasRef.current;
      const root = rootRef.current;
      const { clip: c, yawDeg: deg, elapsedMs, size } = state.current;
      if (!canvas || !root || !renderer || size === 0) return;
      const yaw = (deg * Math.PI) / 180;
      const frame = c.poseAt(elapsedMs, pose);
      const ratio = Math.min(2, window.devicePixelRatio || 1);
      if (renderer === 'still') {
        drawStillHand(canvas, pose, { size, pixelRatio: ratio, yaw, framing: c.framing, ...(c.path ? { path: c.path } : {}) });
      } else {
        renderer.setSize(size, ratio);
        renderer.setYaw(yaw);
        renderer.setPose(pose);
        renderer.render();
      }
      root.dataset.frame = String(frame);
      if (c.shownAt) {
        const shown = c.shownAt(elapsedMs);
        const key = shown ? `${shown.index}:${shown.letter}` : '';
        root.dataset.shown = shown?.letter ?? '';
        if (shown) state.current.drawnIndex = shown.index;
        if (key !== state.current.shown) {
          state.current.shown = key;
          state.current.onShown?.(shown);
        }
      }
      root.dataset.yaw = String(deg);
      root.dataset.palm = JSON.stringify(palmPixels(pose, c.framing, yaw, size));
      root.dataset.fingertips = JSON.stringify(fingertipPixels(pose, c.framing, yaw, size));
    };
    drawRef.current();
  }, [renderer]);

  // The canvas is as wide as its box, and square.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const observer = new ResizeObserver(() => {
      const size = Math.round(stage.getBoundingClientRect().width);
      if (size === state.current.size) return;
      state.current.size = size;
      drawRef.current();
    });
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  useEffect(() => drawRef.current(), [yawDeg]);

  // Playing: advance the clip's time with the display, drawing at most MIN_FRAME_MS apart (the
  // 2-D picture plays too, and draws a moving letter's path).
  useEffect(() => {
    const duration = clip.durationMs;
    if (!playing || duration === null || !renderer) return;
    let last = performance.now();
    let lastDrawn = 0;
    // Only a letter's guide slows down there (beside the camera's tracker); a spelled word must
    // show every letter, however fast it is spelled.
    const floorMs = renderer !== 'still' && renderer.software && clip.stepMs !== undefined ? SOFTWARE_FRAME_MS : MIN_FRAME_MS;
    let handle = requestAnimationFrame(function tick(now) {
      const s = state.current;
      if (!s.playing) return;
      // The first frame's time can come before the effect's start (a frame's start time).
      const dt = Math.max(0, now - last);
      const stepped = s.elapsedMs + dt;
      // A spelled word never steps over a letter not yet drawn; one held back is drawn now.
      s.elapsedMs = advanceClipMs(s.clip, s.elapsedMs, dt, s.drawnIndex);
      const heldBack = s.elapsedMs !== stepped;
      last = now;
      if (s.elapsedMs >= duration) {
        s.onEnded?.();
        if (!s.loop) {
          s.elapsedMs = duration - 1e-3;
          drawRef.current();
          setPlaying(false);
          return;
        }
        s.elapsedMs %= duration;
        s.drawnIndex = -1;
      }
      // A recorded clip needs no more draws than it has frames (J and Z: 15 a second).
      if (heldBack || now - lastDrawn >= Math.max(floorMs, (clip.stepMs ?? 0) - 4)) {
        lastDrawn = now;
        drawRef.current();
      }
      handle = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(handle);
  }, [playing, clip, renderer]);

  const togglePlaying = () => {
    if (playing && clip.stepMs) {
      // Rest on a whole recorded frame, not between two; stop the clock before the next tick.
      const s = state.current;
      s.playing = false;
      s.elapsedMs = Math.floor(s.elapsedMs / clip.stepMs) * clip.stepMs;
      drawRef.current();
    }
    if (!playing && clip.durationMs !== null && state.current.elapsedMs >= clip.durationMs - 1) {
      // Played to its end (a clip that does not loop): play it again from the start.
      state.current.elapsedMs = 0;
    }
    setPlaying((p) => !p);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      setYawDeg((deg) => clampTurn(deg + (event.key === 'ArrowRight' ? KEY_TURN_DEG : -KEY_TURN_DEG)));
    } else if (event.key === 'Home') {
      event.preventDefault();
      setYawDeg(0);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, yaw: state.current.yawDeg };
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    setYawDeg(clampTurn(Math.round(drag.current.yaw + (event.clientX - drag.current.x) * DRAG_DEG_PER_PX)));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const turnHint = compact ? ' Left and right arrows turn it.' : '';
  return (
    <div
      ref={rootRef}
      className={`hand-view${compact ? ' hand-view--compact' : ''}${className ? ` ${className}` : ''}`}
      data-testid="hand-view"
      data-renderer={renderer === 'still' ? 'still' : renderer ? 'webgl' : 'starting'}
      data-playing={String(playing)}
    >
      <div
        ref={stageRef}
        className="hand-view__stage"
        role="img"
        aria-label={`${label}${yawDeg === 0 ? '' : `, turned ${Math.abs(yawDeg)} degrees ${yawDeg > 0 ? 'right' : 'left'}`}.${turnHint}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      />
      {compact ? null : (
        <div className="hand-view__controls">
          <label className="hand-view__turn">
            <span>Turn the hand</span>
            <input type="range" min={-MAX_TURN_DEG} max={MAX_TURN_DEG} step={5} value={yawDeg} onChange={(e) => setYawDeg(Number(e.target.value))} aria-valuetext={`${yawDeg} degrees`} />
          </label>
          {clip.durationMs !== null ? (
            <button type="button" className="hand-view__play" onClick={togglePlaying} aria-pressed={playing}>
              {playing ? 'Pause' : 'Play'}
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
