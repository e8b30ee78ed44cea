// The shaded 3-D hand, drawn with three.js (WebGL): every bone a capsule (a cylinder between two
// spheres), the palm the thickened convex hull of the wrist, the thumb's base and the knuckles,
// lit by a soft sky light and a key light from the viewer's upper left, so the fingers' roundness
// and which is in front read at a glance. The camera is orthographic and looks along -z, so at
// no turn the picture is the recording's own image (hand-geometry.ts: projectToPixels).
import {
  Color,
  CylinderGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  OrthographicCamera,
  Quaternion,
  Scene,
  SphereGeometry,
  Vector3,
  WebGLRenderer,
} from 'three';
import { ConvexGeometry } from 'three/addons/geometries/ConvexGeometry.js';
import { FINGERTIPS, HAND_BONES, JOINT_RADIUS, PALM_POINTS, PALM_THICKNESS, palmLength, POINTS, viewExtent, type Framing } from '@/lib/hand-guide/hand-geometry.ts';
import { HAND_COLORS } from './hand-colors.ts';

const UP = new Vector3(0, 1, 0);

export class HandRenderer {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new OrthographicCamera(-1, 1, 1, -1, 0.01, 100);
  /** Turned about the framing's centre; holds the hand's meshes. */
  private readonly pivot = new Group();
  private readonly hand = new Group();
  private readonly skin = new MeshStandardMaterial({ color: HAND_COLORS.skin, roughness: 0.62, metalness: 0 });
  private readonly nail = new MeshStandardMaterial({ color: HAND_COLORS.nail, roughness: 0.4, metalness: 0 });
  private readonly palmSkin = new MeshStandardMaterial({ color: HAND_COLORS.palm, roughness: 0.7, metalness: 0 });
  private readonly sphere = new SphereGeometry(1, 20, 14);
  private readonly cylinder = new CylinderGeometry(1, 1, 1, 20, 1, true);
  private readonly joints: Mesh[] = [];
  private readonly bones: Mesh[] = [];
  private palm: Mesh | null = null;
  private framing: Framing | null = null;
  private readonly a = new Vector3();
  private readonly b = new Vector3();
  private readonly q = new Quaternion();

  constructor(canvas: HTMLCanvasElement) {
    // preserveDrawingBuffer: the picture stays readable between frames (screenshots, pixel checks).
    this.renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
    this.renderer.setClearColor(new Color(HAND_COLORS.background), 1);
    this.scene.add(new HemisphereLight(0xfffaf4, 0x6d5a52, 1.5));
    const key = new DirectionalLight(0xffffff, 2.4);
    key.position.set(-1, 1.4, 2);
    this.scene.add(key);
    this.scene.add(this.pivot);
    this.pivot.add(this.hand);
    for (let i = 0; i < POINTS; i++) {
      const joint = new Mesh(this.sphere, (FINGERTIPS as readonly number[]).includes(i) ? this.nail : this.skin);
      this.joints.push(joint);
      this.hand.add(joint);
    }
    for (let i = 0; i < HAND_BONES.length; i++) {
      const bone = new Mesh(this.cylinder, this.skin);
      this.bones.push(bone);
      this.hand.add(bone);
    }
  }

  /** True on a software rasteriser (SwiftShader, llvmpipe: a machine without a usable GPU),
   * where each frame presented costs the page tens of milliseconds: the view draws less often. */
  get software(): boolean {
    const gl = this.renderer.getContext();
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    return /swiftshader|llvmpipe|software/i.test(name);
  }

  /** Throws where WebGL is not available (the caller falls back to the still picture). */
  static create(canvas: HTMLCanvasElement): HandRenderer {
    return new HandRenderer(canvas);
  }

  private size = { cssPixels: 0, pixelRatio: 0 };

  /** Resizes the drawing buffer only when the size changed: setting a canvas's width, even to
   * the same value, reallocates and clears it (with software WebGL that was most of a frame). */
  setSize(cssPixels: number, pixelRatio: number): void {
    if (cssPixels === this.size.cssPixels && pixelRatio === this.size.pixelRatio) return;
    this.size = { cssPixels, pixelRatio };
    this.renderer.setPixelRatio(pixelRatio);
    this.renderer.setSize(cssPixels, cssPixels, false);
  }

  /** Frames the view on a sphere (hand-geometry.ts framingOf): fixed for a whole guide so the
   * hand's movement shows and the picture does not jump. */
  setFraming(framing: Framing): void {
    this.framing = framing;
    const extent = viewExtent(framing);
    Object.assign(this.camera, { left: -extent, right: extent, top: extent, bottom: -extent, near: 0.01, far: extent * 20 });
    this.camera.position.set(framing.cx, framing.cy, framing.cz + extent * 8);
    this.camera.lookAt(framing.cx, framing.cy, framing.cz);
    this.camera.updateProjectionMatrix();
    // Turn about the centre: the pivot sits there and the hand is shifted back by as much.
    this.pivot.position.set(framing.cx, framing.cy, framing.cz);
    this.hand.position.set(-framing.cx, -framing.cy, -framing.cz);
  }

  /** Poses the hand on one view-space frame (hand-geometry.ts toViewSpace). */
  setPose(points: Float32Array): void {
    const unit = palmLength(points);
    for (let i = 0; i < POINTS; i++) {
      const r = JOINT_RADIUS[i]! * unit;
      this.joints[i]!.position.set(points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!);
      this.joints[i]!.scale.setScalar(r);
    }
    HAND_BONES.forEach(([from, to], k) => {
      this.a.set(points[from * 3]!, points[from * 3 + 1]!, points[from * 3 + 2]!);
      this.b.set(points[to * 3]!, points[to * 3 + 1]!, points[to * 3 + 2]!);
      const bone = this.bones[k]!;
      const length = this.a.distanceTo(this.b);
      bone.visible = length > 1e-6;
      if (!bone.visible) return;
      bone.position.copy(this.a).add(this.b).multiplyScalar(0.5);
      this.q.setFromUnitVectors(UP, this.b.sub(this.a).normalize());
      bone.quaternion.copy(this.q);
      const r = Math.min(JOINT_RADIUS[from]!, JOINT_RADIUS[to]!) * unit;
      bone.scale.set(r, length, r);
    });
    this.setPalm(points, unit);
  }

  /** The palm: the hull of its six points moved half its thickness to either side of its plane. */
  private setPalm(points: Float32Array, unit: number): void {
    const at = (i: number) => new Vector3(points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!);
    const wrist = at(0);
    const normal = new Vector3().crossVectors(at(5).sub(wrist), at(17).sub(wrist)).normalize().multiplyScalar((PALM_THICKNESS * unit) / 2);
    const hull = PALM_POINTS.flatMap((i) => [at(i).add(normal), at(i).sub(normal)]);
    const geometry = new ConvexGeometry(hull);
    if (this.palm) {
      this.palm.geometry.dispose();
      this.palm.geometry = geometry;
    } else {
      this.palm = new Mesh(geometry, this.palmSkin);
      this.hand.add(this.palm);
    }
  }

  /** Turns the hand about the vertical axis (radians; hand-geometry.ts turn). */
  setYaw(yaw: number): void {
    this.pivot.rotation.y = yaw;
  }

  render(): void {
    if (!this.framing) return;
    this.renderer.render(this.scene, this.camera);
  }

  dispose(): void {
    this.palm?.geometry.dispose();
    this.sphere.dispose();
    this.cylinder.dispose();
    this.skin.dispose();
    this.nail.dispose();
    this.palmSkin.dispose();
    this.renderer.dispose();
    // Give the context back now: browsers keep only a few WebGL contexts alive at once.
    this.renderer.forceContextLoss();
  }
}
