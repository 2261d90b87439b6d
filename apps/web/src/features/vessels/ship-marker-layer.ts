import type { CustomLayerInterface, CustomRenderMethodInput, Map as MlMap } from 'maplibre-gl';
import { DIMMED_SHIP_OPACITY } from '@harbor/contracts/map';
import { HARBOR_SHIP_TYPES } from '@harbor/contracts/vessel-constants';
import { SHIP_COLORS } from './ship-colors.ts';
import { MARKER_STRIDE, NO_DIRECTION, ShipMarkerBuffer, markerSizePx, markerVisible, mercator } from './ship-marker-buffer.ts';

export const SHIP_MARKER_LAYER = 'ship-markers';

/** The selected ship's ring (the old halo circle): radius and stroke in CSS pixels. */
const RING_RADIUS = 14;
const RING_STROKE = 2;

// One instanced quad per ship, drawn as a screen-aligned billboard; the arrow
// (or a dot when the direction is unknown) is a signed distance in the fragment
// shader, with a 1 px dark rim and anti-aliased edges.
const VERTEX = `#version 300 es
precision highp float;
layout(location = 0) in vec2 a_pos;
layout(location = 1) in float a_dir;
layout(location = 2) in uvec2 a_meta;
uniform mat4 u_matrix;
uniform vec2 u_viewport;
uniform float u_size;
uniform float u_bearing;
uniform bvec2 u_show;
uniform int u_selected;
uniform vec3 u_colors[12];
uniform float u_dim;
out vec2 v_local;
flat out vec2 v_fwd;
flat out vec4 v_color;
flat out float v_dot;
flat out float v_selected;
const vec2 CORNERS[6] = vec2[6](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1), vec2(-1, 1));
void main() {
  bool large = (a_meta.y & 1u) != 0u;
  if (!(large ? u_show.x : u_show.y)) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  bool selected = gl_InstanceID == u_selected;
  float half_px = selected ? ${RING_RADIUS + RING_STROKE + 1}.0 : u_size * 0.5 + 2.0;
  vec2 corner = CORNERS[gl_VertexID];
  v_local = corner * half_px;
  vec4 clip = u_matrix * vec4(a_pos, 0.0, 1.0);
  clip.xy += v_local * vec2(2.0, -2.0) / u_viewport * clip.w;
  gl_Position = clip;
  float angle = a_dir - u_bearing;
  v_fwd = vec2(sin(angle), -cos(angle));
  v_dot = a_dir <= ${NO_DIRECTION}.0 ? 1.0 : 0.0;
  v_selected = selected ? 1.0 : 0.0;
  v_color = vec4(u_colors[min(a_meta.x, 11u)], u_selected < 0 || selected ? 1.0 : u_dim);
}`;

const FRAGMENT = `#version 300 es
precision highp float;
in vec2 v_local;
flat in vec2 v_fwd;
flat in vec4 v_color;
flat in float v_dot;
flat in float v_selected;
uniform float u_scale;
out vec4 frag;
float seg(vec2 p, vec2 a, vec2 b) {
  vec2 pa = p - a, ba = b - a;
  return length(pa - ba * clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0));
}
float cross2(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }
bool inTri(vec2 p, vec2 a, vec2 b, vec2 c) {
  float d1 = cross2(b - a, p - a), d2 = cross2(c - b, p - b), d3 = cross2(a - c, p - c);
  return !((d1 < 0.0 || d2 < 0.0 || d3 < 0.0) && (d1 > 0.0 || d2 > 0.0 || d3 > 0.0));
}
// The arrow of the old icon, in CSS pixels at scale 1: tip, starboard corner, notch, port corner (y down).
float arrow(vec2 p, float s) {
  vec2 tip = vec2(0.0, -7.0) * s, stb = vec2(5.0, 6.5) * s, notch = vec2(0.0, 3.5) * s, prt = vec2(-5.0, 6.5) * s;
  float d = min(min(seg(p, tip, stb), seg(p, stb, notch)), min(seg(p, notch, prt), seg(p, prt, tip)));
  return inTri(p, tip, stb, notch) || inTri(p, tip, notch, prt) ? -d : d;
}
void main() {
  vec2 right = vec2(-v_fwd.y, v_fwd.x);
  vec2 p = vec2(dot(v_local, right), -dot(v_local, v_fwd));
  float sd = v_dot > 0.5 ? length(v_local) - 4.5 * u_scale : arrow(p, u_scale);
  float fill = clamp(0.5 - sd, 0.0, 1.0);
  float rim = clamp(1.5 - sd, 0.0, 1.0) - fill;
  // Premultiplied alpha, as MapLibre blends (ONE, ONE_MINUS_SRC_ALPHA).
  vec4 marker = vec4(v_color.rgb, 1.0) * fill + vec4(0.0, 0.0, 0.0, 0.6) * rim;
  if (v_selected > 0.5) {
    float r = length(v_local);
    float inner = clamp(${RING_RADIUS}.5 - r, 0.0, 1.0);
    float stroke = clamp(${RING_RADIUS + RING_STROKE}.5 - r, 0.0, 1.0) - inner;
    vec4 ring = vec4(1.0, 0.757, 0.027, 1.0) * (0.25 * inner + stroke);
    marker += ring * (1.0 - marker.a);
  }
  if (marker.a <= 0.0) discard;
  frag = marker * v_color.a;
}`;

function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

const COLORS = new Float32Array(HARBOR_SHIP_TYPES.flatMap((t) => hexRgb(SHIP_COLORS[t])));

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(`ship marker shader: ${gl.getShaderInfoLog(shader) ?? 'compile failed'}`);
  return shader;
}

/**
 * Ship markers as a MapLibre custom layer: one instanced draw of the packed
 * buffer (ship-marker-buffer.ts). Markers as a symbol layer made MapLibre
 * re-tile the ships on every tick and re-run symbol placement over thousands
 * of icons while panning, which were the map's remaining long tasks; here a
 * tick is a buffer upload and a frame is one draw call. Hit testing is
 * `near` on the same buffer (use-map-interactions.ts).
 */
export class ShipMarkerLayer implements CustomLayerInterface {
  readonly id = SHIP_MARKER_LAYER;
  readonly type = 'custom' as const;
  readonly renderingMode = '2d' as const;
  readonly buffer = new ShipMarkerBuffer();
  private selected: number | null = null;
  private map: MlMap | null = null;
  private program: WebGLProgram | null = null;
  private vao: WebGLVertexArrayObject | null = null;
  private vbo: WebGLBuffer | null = null;
  private uploaded = -1;
  private uniforms: Record<string, WebGLUniformLocation | null> = {};
  private readonly matrix = new Float32Array(16);

  /**
   * Also after a lost WebGL context: MapLibre rebuilds the style without
   * custom layers, and the layer registry's install adds this one again.
   * The GL objects are made in the first render: MapLibre caches the bound
   * program, vertex array and buffers, and resets that cache only around a
   * custom layer's render, not around onAdd.
   */
  onAdd(map: MlMap): void {
    this.map = map;
    this.program = null;
  }

  /** Program, buffer and vertex array; leaves the program bound (called from render). */
  private setup(gl: WebGL2RenderingContext): void {
    const program = gl.createProgram();
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`ship marker program: ${gl.getProgramInfoLog(program) ?? 'link failed'}`);
    this.program = program;
    for (const name of ['u_matrix', 'u_viewport', 'u_size', 'u_scale', 'u_bearing', 'u_show', 'u_selected', 'u_colors', 'u_dim']) {
      this.uniforms[name] = gl.getUniformLocation(program, name);
    }
    this.vbo = gl.createBuffer();
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.vbo);
    for (const loc of [0, 1, 2]) {
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribDivisor(loc, 1);
    }
    this.pointAttributes(gl, 0);
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    // Uniforms that never change stay with the program; render sets only the per-frame ones.
    gl.useProgram(program);
    gl.uniform3fv(this.uniforms.u_colors!, COLORS);
    gl.uniform1f(this.uniforms.u_dim!, DIMMED_SHIP_OPACITY);
    this.uploaded = -1;
  }

  onRemove(_map: MlMap, gl: WebGL2RenderingContext): void {
    this.map = null;
    if (!this.program) return;
    gl.deleteProgram(this.program);
    gl.deleteVertexArray(this.vao);
    gl.deleteBuffer(this.vbo);
    this.program = this.vao = this.vbo = null;
  }

  /** Redraws after a change to the buffer or the selection. */
  changed(): void {
    this.map?.triggerRepaint();
  }

  setSelected(mmsi: number | null): void {
    this.selected = mmsi;
    this.changed();
  }

  /** Opacity the marker of this ship is drawn with: 1, or DIMMED_SHIP_OPACITY while another ship is selected. */
  opacityOf(mmsi: number): number {
    return this.selected === null || this.selected === mmsi ? 1 : DIMMED_SHIP_OPACITY;
  }

  /** [longitude, latitude] of a ship's marker as drawn, or null (for tests and hit testing). */
  lngLatOf(mmsi: number): [number, number] | null {
    const slot = this.buffer.slot(mmsi);
    if (slot < 0) return null;
    const [x, y] = this.buffer.position(slot);
    const lat = (360 / Math.PI) * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180)) - 90;
    return [x * 360 - 180, lat];
  }

  /**
   * Ships whose marker is drawn within `radiusPx` (plus the marker's own half
   * size) of a screen point, with their screen distance.
   */
  hits(point: { x: number; y: number }, radiusPx: number): { mmsi: number; d: number }[] {
    const map = this.map;
    if (!map || map.getLayoutProperty(this.id, 'visibility') === 'none') return [];
    const zoom = map.getZoom();
    const reach = radiusPx + markerSizePx(zoom) / 2;
    const at = map.unproject([point.x, point.y]);
    const [mx, my] = mercator(at.lng, at.lat);
    // Mercator units per pixel at the centre; the pitch factor widens the scan for a tilted view.
    const scan = (reach / (512 * 2 ** zoom)) * (1 + map.getPitch() / 15);
    const out: { mmsi: number; d: number }[] = [];
    for (const slot of this.buffer.near(mx, my, scan, zoom)) {
      const mmsi = this.buffer.mmsi(slot);
      const p = map.project(this.lngLatOf(mmsi)!);
      const d = Math.hypot(p.x - point.x, p.y - point.y);
      if (d <= reach) out.push({ mmsi, d });
    }
    return out;
  }

  render(gl: WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const map = this.map;
    const buffer = this.buffer;
    if (!map || !buffer.count || !buffer.origin) return;
    const zoom = map.getZoom();
    const show = [markerVisible(true, zoom), markerVisible(false, zoom)];
    if (!show[0] && !show[1]) return;
    if (!this.program) this.setup(gl);
    if (this.uploaded !== buffer.version) {
      gl.bindBuffer(gl.ARRAY_BUFFER, this.vbo);
      gl.bufferData(gl.ARRAY_BUFFER, buffer.data, gl.DYNAMIC_DRAW);
      gl.bindBuffer(gl.ARRAY_BUFFER, null);
      this.uploaded = buffer.version;
    }
    this.setMatrix(options.modelViewProjectionMatrix, buffer.origin, 512 * 2 ** zoom);
    const canvas = map.getCanvas();
    const size = markerSizePx(zoom);
    const u = this.uniforms;
    gl.useProgram(this.program);
    gl.uniformMatrix4fv(u.u_matrix!, false, this.matrix);
    gl.uniform2f(u.u_viewport!, canvas.clientWidth, canvas.clientHeight);
    gl.uniform1f(u.u_size!, size);
    gl.uniform1f(u.u_scale!, size / 16);
    gl.uniform1f(u.u_bearing!, (map.getBearing() * Math.PI) / 180);
    gl.uniform2i(u.u_show!, show[0] ? 1 : 0, show[1] ? 1 : 0);
    const sel = this.selected === null ? -1 : buffer.slot(this.selected);
    gl.uniform1i(u.u_selected!, sel);
    gl.bindVertexArray(this.vao);
    gl.drawArraysInstanced(gl.TRIANGLES, 0, 6, buffer.count);
    if (sel >= 0) {
      // The selected ship once more, on top of its neighbours: one instance read from its slot.
      gl.bindBuffer(gl.ARRAY_BUFFER, this.vbo);
      this.pointAttributes(gl, sel * MARKER_STRIDE);
      gl.uniform1i(u.u_selected!, 0);
      gl.drawArraysInstanced(gl.TRIANGLES, 0, 6, 1);
      this.pointAttributes(gl, 0);
      gl.bindBuffer(gl.ARRAY_BUFFER, null);
    }
    gl.bindVertexArray(null);
  }

  /** Attribute pointers into the bound buffer, starting at byte `base` (the bound VAO keeps them). */
  private pointAttributes(gl: WebGL2RenderingContext, base: number): void {
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, MARKER_STRIDE, base);
    gl.vertexAttribPointer(1, 1, gl.FLOAT, false, MARKER_STRIDE, base + 8);
    gl.vertexAttribIPointer(2, 2, gl.UNSIGNED_BYTE, MARKER_STRIDE, base + 12);
  }

  /**
   * MapLibre's matrix takes world pixels (Mercator x worldSize); ours takes
   * Mercator relative to the buffer's origin. Composed in float64 so only the
   * small relative positions go through float32.
   */
  private setMatrix(m: ArrayLike<number>, origin: [number, number], worldSize: number): void {
    const ox = origin[0] * worldSize;
    const oy = origin[1] * worldSize;
    for (let r = 0; r < 4; r++) {
      this.matrix[r] = m[r]! * worldSize;
      this.matrix[4 + r] = m[4 + r]! * worldSize;
      this.matrix[8 + r] = m[8 + r]!;
      this.matrix[12 + r] = m[r]! * ox + m[4 + r]! * oy + m[12 + r]!;
    }
  }
}
