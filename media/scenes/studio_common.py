"""Shared building blocks for every scene of the studio's media.

Everything here is procedural and original: the walnut material, the Nawat
date bowl (lathe profiles revolved around the axis), dates, the Sanam incense
holder, backdrops and lights.  Units are metres (the bowl is 0.18 m across).

Usage from a shot script (run with `blender -b -P shot.py -- [--preview]`):

    import sys, os; sys.path.insert(0, os.path.dirname(__file__))
    import studio_common as sc
    sc.reset(); ...; sc.render("nawat.jpg", 1200, 1200, samples=96)
"""
import math
import os
import random
import subprocess
import sys

import bmesh
import bpy
from mathutils import Euler, Matrix, Vector

HERE = os.path.dirname(os.path.abspath(__file__))
MEDIA = os.path.dirname(HERE)
ARGS = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
PREVIEW = "--preview" in ARGS or "--half" in ARGS
PREVIEW_DIV = 2 if "--half" in ARGS else 4


def arg(name, default=None):
    """Value following --name in the script arguments."""
    if name in ARGS:
        i = ARGS.index(name)
        if i + 1 < len(ARGS):
            return ARGS[i + 1]
    return default


# --------------------------------------------------------------------------
# scene, render settings
# --------------------------------------------------------------------------

def reset(seed=7):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    random.seed(seed)
    sc = bpy.context.scene
    sc.render.engine = "CYCLES"
    cy = sc.cycles
    cy.device = "CPU"
    cy.seed = seed
    cy.use_animated_seed = False
    cy.use_adaptive_sampling = True
    cy.adaptive_threshold = 0.03
    cy.max_bounces = 3
    cy.diffuse_bounces = 2
    cy.glossy_bounces = 1
    cy.transmission_bounces = 4
    cy.transparent_max_bounces = 8
    cy.volume_bounces = 0
    cy.caustics_reflective = False
    cy.caustics_refractive = False
    cy.blur_glossy = 1.0
    # no fireflies: clamp indirect light, blur glossy after the first bounce, no caustics
    cy.sample_clamp_indirect = float(os.environ.get("MEDIA_CLAMP", "2.0"))
    cy.sample_clamp_direct = 12.0
    cy.use_denoising = False
    sc.render.threads_mode = "FIXED"
    sc.render.threads = 2
    sc.render.film_transparent = False
    sc.view_settings.view_transform = "Filmic"
    sc.view_settings.look = "Medium High Contrast"
    sc.display_settings.display_device = "sRGB"
    sc.render.use_persistent_data = True
    world = bpy.data.worlds.new("World")
    sc.world = world
    world.use_nodes = True
    set_world_color((0.02, 0.018, 0.016), 1.0)
    return sc


def set_world_color(rgb, strength):
    nt = bpy.context.scene.world.node_tree
    bg = nt.nodes["Background"]
    bg.inputs["Color"].default_value = (*rgb, 1)
    bg.inputs["Strength"].default_value = strength


def render(name, w, h, samples=24, frames=None, exposure=0.0, look=None, denoise=2.0,
           scale=None, target_dir=None, grade=None, threshold=None):
    """Render a still to media/<name> (JPEG q88 or PNG) or, with frames=(a, b),
    an image sequence to media/scenes/.frames/<name>/####.png."""
    sc = bpy.context.scene
    if PREVIEW:
        w, h, samples = w // PREVIEW_DIV, h // PREVIEW_DIV, max(8, samples // (2 * PREVIEW_DIV))
    sc.render.resolution_x = w
    sc.render.resolution_y = h
    # The machine is shared: stills render at a fraction of their size and are
    # upscaled with lanczos after denoising (set MEDIA_SCALE=1 for full size).
    if scale is None:
        scale = float(os.environ.get("MEDIA_SCALE", "0.6"))
    sc.render.resolution_percentage = 100 if (frames or PREVIEW) else int(round(scale * 100))
    sc.cycles.samples = int(os.environ.get("MEDIA_SAMPLES", samples))
    if threshold:
        sc.cycles.adaptive_threshold = threshold
    sc.view_settings.exposure = exposure
    if look:
        sc.view_settings.look = look
    ims = sc.render.image_settings
    if frames:
        ims.file_format = "PNG"
        ims.color_mode = "RGB"
        ims.color_depth = "8"
        out = os.path.join(HERE, ".frames", name, "")
        os.makedirs(out, exist_ok=True)
        sc.render.filepath = out
        sc.frame_start, sc.frame_end = frames
        only = arg("--frame")
        if only is not None:
            sc.frame_start = sc.frame_end = int(only)
        bpy.ops.render.render(animation=True)
        return
    base, ext = os.path.splitext(name)
    ims.file_format = "PNG"
    ims.color_mode = "RGB"
    ims.color_depth = "16"
    if PREVIEW:
        path = os.path.join(HERE, ".preview", base + ".preview" + ext)
    elif target_dir:
        path = os.path.join(HERE, target_dir, name)
    else:
        path = os.path.join(MEDIA, name)
    raw = os.path.join(HERE, ".frames", "raw-" + base + (".preview" if PREVIEW else "") + ".png")
    os.makedirs(os.path.dirname(raw), exist_ok=True)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    sc.render.filepath = raw
    # resumable: MEDIA_RESUME=1 keeps a raw render that is already there (only re-grades it)
    if not (os.environ.get("MEDIA_RESUME") and os.path.exists(raw)):
        bpy.ops.render.render(write_still=True)
    # Debian's Blender has no denoiser: a light non-local-means pass, then encode
    # (JPEG quality ~88, or PNG)
    vf = "nlmeans=s=%.1f:p=5:r=11" % denoise if denoise else "null"
    vf += ",scale=%d:%d:flags=lanczos" % (w, h)
    if scale < 1 and not PREVIEW:
        vf += ",unsharp=5:5:0.5"
    if grade:  # a final colour grade (ffmpeg eq/curves filters)
        vf += "," + grade
    cmd = ["ffmpeg", "-v", "error", "-y", "-i", raw, "-vf", vf + ",format=rgb24"]
    if ext == ".png":
        cmd += [path]
    else:
        cmd[-1] = vf + ",format=yuvj444p"
        cmd += ["-q:v", "2", path]
    subprocess.run(cmd, check=True)
    print("WROTE", path)


def subject_box(prefixes, pad=0.01):
    """Where the objects named with `prefixes` appear in the active camera's frame:
    [left, top, right, bottom] in 0-1 (content/art-direction.json records these so the pages
    can keep headlines off the subject)."""
    from bpy_extras.object_utils import world_to_camera_view
    sc = bpy.context.scene
    dg = bpy.context.evaluated_depsgraph_get()
    xs, ys = [], []
    for ob in sc.objects:
        if ob.type != "MESH" or ob.hide_render or not ob.name.startswith(tuple(prefixes)):
            continue
        ev = ob.evaluated_get(dg)
        for v in ev.data.vertices:
            p = world_to_camera_view(sc, sc.camera, ev.matrix_world @ v.co)
            xs.append(p.x)
            ys.append(1 - p.y)
    box = [min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad]
    return [round(min(max(c, 0.0), 1.0), 3) for c in box]


# --------------------------------------------------------------------------
# node helpers
# --------------------------------------------------------------------------

def new_material(name):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    for n in list(nt.nodes):
        nt.nodes.remove(n)
    return m, nt


def node(nt, kind, **inputs):
    n = nt.nodes.new(kind)
    for k, v in inputs.items():
        if k.startswith("p_"):
            setattr(n, k[2:], v)
        else:
            n.inputs[k].default_value = v
    return n


def link(nt, a, b, out=0, inp=0):
    nt.links.new(a.outputs[out], b.inputs[inp])


def ramp(nt, stops):
    r = nt.nodes.new("ShaderNodeValToRGB")
    el = r.color_ramp.elements
    while len(el) > len(stops):
        el.remove(el[-1])
    while len(el) < len(stops):
        el.new(0.5)
    for e, (pos, col) in zip(el, stops):
        e.position = pos
        e.color = (*col, 1) if len(col) == 3 else col
    return r


def output(nt, shader):
    o = nt.nodes.new("ShaderNodeOutputMaterial")
    link(nt, shader, o)
    return o


def principled(nt, color=(0.5, 0.5, 0.5), rough=0.5, metal=0.0, **kw):
    p = nt.nodes.new("ShaderNodeBsdfPrincipled")
    p.inputs["Base Color"].default_value = (*color, 1)
    p.inputs["Roughness"].default_value = rough
    p.inputs["Metallic"].default_value = metal
    for k, v in kw.items():
        p.inputs[k].default_value = v
    return p


def srgb(hexstr):
    """'#5c3a22' -> linear RGB tuple."""
    hexstr = hexstr.lstrip("#")
    out = []
    for i in (0, 2, 4):
        c = int(hexstr[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return tuple(out)


# --------------------------------------------------------------------------
# materials
# --------------------------------------------------------------------------

def wood_material(name="Walnut", dark="#2b190e", mid="#4b2e1b", light="#6b4326",
                  scale=1.0, ring_scale=14.0, rough=0.36, coat=0.25, seed=0.0,
                  stretch=(1.0, 0.22, 1.0)):
    """Procedural oiled walnut: ring figure warped by noise, fine pores, oil coat.
    `stretch` squeezes the texture so the figure runs along one axis like a plank."""
    m, nt = new_material(name)
    tc = node(nt, "ShaderNodeTexCoord")
    mp = node(nt, "ShaderNodeMapping")
    mp.inputs["Scale"].default_value = (stretch[0] * scale, stretch[1] * scale, stretch[2] * scale)
    mp.inputs["Location"].default_value = (seed * 3.1, seed * 1.7, 0.41 + seed)
    link(nt, tc, mp, "Object", "Vector")
    # warp
    nz = node(nt, "ShaderNodeTexNoise", Scale=6.0, Detail=2.0, Roughness=0.55)
    link(nt, mp, nz, 0, "Vector")
    mix = node(nt, "ShaderNodeMixRGB", p_blend_type="MIX", Fac=0.08)
    link(nt, mp, mix, 0, "Color1")
    link(nt, nz, mix, "Color", "Color2")
    # growth rings seen as flowing stripes
    wave = node(nt, "ShaderNodeTexWave", p_wave_type="RINGS", p_rings_direction="Y",
                Scale=ring_scale, Distortion=3.5, Detail=1.0, **{"Detail Scale": 1.5})
    link(nt, mix, wave, 0, "Vector")
    # broader colour variation
    nz2 = node(nt, "ShaderNodeTexNoise", Scale=2.5, Detail=0.0)
    link(nt, mp, nz2, 0, "Vector")
    wr = ramp(nt, [(0.0, srgb(light)), (0.3, srgb(mid)), (0.75, srgb(mid)), (1.0, srgb(dark))])
    link(nt, wave, wr, "Fac", "Fac")
    # sap/heartwood streaks
    sr = ramp(nt, [(0.35, (0.85, 0.85, 0.85)), (0.65, (1.15, 1.1, 1.05))])
    link(nt, nz2, sr, "Fac", "Fac")
    mul = node(nt, "ShaderNodeMixRGB", p_blend_type="MULTIPLY", Fac=1.0)
    link(nt, wr, mul, "Color", "Color1")
    link(nt, sr, mul, "Color", "Color2")
    # pores: fine stretched noise
    mp2 = node(nt, "ShaderNodeMapping")
    mp2.inputs["Scale"].default_value = (60.0 * scale, 6.0 * scale, 60.0 * scale)
    link(nt, mix, mp2, 0, "Vector")
    pores = node(nt, "ShaderNodeTexNoise", Scale=40.0, Detail=0.0, Roughness=0.6)
    link(nt, mp2, pores, 0, "Vector")
    pr = ramp(nt, [(0.45, (1, 1, 1)), (0.62, (0.55, 0.5, 0.47))])
    link(nt, pores, pr, "Fac", "Fac")
    col = node(nt, "ShaderNodeMixRGB", p_blend_type="MULTIPLY", Fac=1.0)
    link(nt, mul, col, "Color", "Color1")
    link(nt, pr, col, "Color", "Color2")
    bsdf = principled(nt, rough=rough, **{"Specular": 0.5})
    link(nt, col, bsdf, "Color", "Base Color")
    rr = node(nt, "ShaderNodeMapRange", **{"From Min": 0.0, "From Max": 1.0,
                                           "To Min": rough - 0.06, "To Max": rough + 0.1})
    link(nt, pores, rr, "Fac", "Value")
    link(nt, rr, bsdf, "Result", "Roughness")
    bump = node(nt, "ShaderNodeBump", Strength=0.08, Distance=0.0004)
    link(nt, pores, bump, "Fac", "Height")
    link(nt, bump, bsdf, "Normal", "Normal")
    output(nt, bsdf)
    return m


def walnut_material(name="Walnut", seed=0.0, pith=(0.0, -0.3, -0.1), tilt=(0.1, 0.0, 0.05),
                    ring_mm=5.0, rough=0.4, coat=0.35, heart="#2e1a0e", mid="#462a18",
                    early="#5f3d24"):
    """Oiled black walnut cut from a flat-sawn board.

    The growth rings are cylinders around a pith axis that runs along the board (object X) but
    lies well outside the piece (`pith`, metres) and is tilted a few degrees (`tilt`, radians):
    a plane through them shows the cathedral arches of face grain instead of a bullseye or
    straight stripes. Two warps make the figure: a broad one (the arches wander and split) and
    one that changes quickly along the grain (wavy, slightly curly figure). Darker heartwood
    streaks run along the grain, open pores are fine dashes, and the finish is an oiled satin:
    a moderately rough base under a thin, smoother clear coat."""
    m, nt = new_material(name)
    tc = node(nt, "ShaderNodeTexCoord")
    mp = node(nt, "ShaderNodeMapping")
    mp.inputs["Location"].default_value = (seed * 1.37, -pith[1], -pith[2])
    mp.inputs["Rotation"].default_value = tilt
    link(nt, tc, mp, "Object", "Vector")
    # broad warp (cathedral arches wander), isotropic
    w1 = node(nt, "ShaderNodeTexNoise", Scale=7.0, Detail=3.0, Roughness=0.55, W=seed)
    w1.noise_dimensions = "4D"
    link(nt, mp, w1, 0, "Vector")
    # wavy figure: changes fast along the grain (X), slowly across it
    sq = node(nt, "ShaderNodeVectorMath", p_operation="MULTIPLY")
    sq.inputs[1].default_value = (9.0, 1.2, 1.2)
    link(nt, mp, sq, 0, 0)
    w2 = node(nt, "ShaderNodeTexNoise", Scale=6.0, Detail=1.0, Roughness=0.5, W=seed + 3.0)
    w2.noise_dimensions = "4D"
    link(nt, sq, w2, 0, "Vector")
    def centred(tex, amp):
        sub = node(nt, "ShaderNodeVectorMath", p_operation="SUBTRACT")
        sub.inputs[1].default_value = (0.5, 0.5, 0.5)
        link(nt, tex, sub, "Color", 0)
        sc_ = node(nt, "ShaderNodeVectorMath", p_operation="SCALE")
        sc_.inputs["Scale"].default_value = amp
        link(nt, sub, sc_, 0, 0)
        return sc_
    a1, a2 = centred(w1, 0.034), centred(w2, 0.005)
    add1 = node(nt, "ShaderNodeVectorMath", p_operation="ADD")
    link(nt, mp, add1, 0, 0)
    link(nt, a1, add1, 0, 1)
    add2 = node(nt, "ShaderNodeVectorMath", p_operation="ADD")
    link(nt, add1, add2, 0, 0)
    link(nt, a2, add2, 0, 1)
    # growth rings around the X axis: period 2*pi / (20 * scale) metres
    rings = node(nt, "ShaderNodeTexWave", p_wave_type="RINGS", p_rings_direction="X",
                 p_wave_profile="SAW", Scale=2 * math.pi / (20 * ring_mm / 1000.0),
                 Distortion=0.0, Detail=0.0)
    link(nt, add2, rings, 0, "Vector")
    rr = ramp(nt, [(0.0, srgb(early)), (0.5, srgb(mid)), (0.9, srgb(heart)),
                   (1.0, srgb(mid))])
    link(nt, rings, rr, "Fac", "Fac")
    # heartwood colour streaks along the grain
    sq2 = node(nt, "ShaderNodeVectorMath", p_operation="MULTIPLY")
    sq2.inputs[1].default_value = (0.25, 2.0, 2.0)
    link(nt, add1, sq2, 0, 0)
    st = node(nt, "ShaderNodeTexNoise", Scale=9.0, Detail=2.0, Roughness=0.5, W=seed + 7.0)
    st.noise_dimensions = "4D"
    link(nt, sq2, st, 0, "Vector")
    sr = ramp(nt, [(0.3, (0.55, 0.5, 0.5)), (0.5, (0.9, 0.88, 0.86)), (0.72, (1.18, 1.08, 0.95))])
    link(nt, st, sr, "Fac", "Fac")
    mul = node(nt, "ShaderNodeMixRGB", p_blend_type="MULTIPLY", Fac=1.0)
    link(nt, rr, mul, "Color", "Color1")
    link(nt, sr, mul, "Color", "Color2")
    # open pores: fine dashes along the grain
    sq3 = node(nt, "ShaderNodeVectorMath", p_operation="MULTIPLY")
    sq3.inputs[1].default_value = (120.0, 1100.0, 1100.0)
    link(nt, add2, sq3, 0, 0)
    pores = node(nt, "ShaderNodeTexNoise", Scale=1.0, Detail=0.0, Roughness=0.5)
    link(nt, sq3, pores, 0, "Vector")
    pr = ramp(nt, [(0.6, (1, 1, 1)), (0.72, (0.55, 0.5, 0.48))])
    link(nt, pores, pr, "Fac", "Fac")
    col = node(nt, "ShaderNodeMixRGB", p_blend_type="MULTIPLY", Fac=1.0)
    link(nt, mul, col, "Color", "Color1")
    link(nt, pr, col, "Color", "Color2")
    bsdf = principled(nt, rough=rough, **{"Specular": 0.45, "Clearcoat": coat,
                                          "Clearcoat Roughness": 0.16})
    link(nt, col, bsdf, "Color", "Base Color")
    # satin: latewood and pores a little rougher
    rg = node(nt, "ShaderNodeMapRange", **{"To Min": rough - 0.05, "To Max": rough + 0.08})
    link(nt, rings, rg, "Fac", "Value")
    link(nt, rg, bsdf, "Result", "Roughness")
    bump = node(nt, "ShaderNodeBump", Strength=0.05, Distance=0.0003, p_invert=True)
    link(nt, pores, bump, "Fac", "Height")
    link(nt, bump, bsdf, "Normal", "Normal")
    output(nt, bsdf)
    return m


def date_material():
    m, nt = new_material("Date")
    tc = node(nt, "ShaderNodeTexCoord")
    mp = node(nt, "ShaderNodeMapping")
    mp.inputs["Scale"].default_value = (0.45, 1.3, 1.3)
    link(nt, tc, mp, "Object", "Vector")
    vor = node(nt, "ShaderNodeTexVoronoi", p_feature="DISTANCE_TO_EDGE", Scale=4.0)
    link(nt, mp, vor, 0, "Vector")
    nz = node(nt, "ShaderNodeTexNoise", Scale=14.0, Detail=2.0, Roughness=0.6)
    link(nt, mp, nz, 0, "Vector")
    cr = ramp(nt, [(0.25, srgb("#170804")), (0.6, srgb("#2e1208")), (0.85, srgb("#4a200e"))])
    link(nt, nz, cr, "Fac", "Fac")
    # a soft sheen rather than pin-point highlights (those sparkled as white "sugar")
    bsdf = principled(nt, rough=0.36, **{"Specular": 0.45})
    link(nt, cr, bsdf, "Color", "Base Color")
    add = node(nt, "ShaderNodeMath", p_operation="ADD")
    m1 = node(nt, "ShaderNodeMath", p_operation="MULTIPLY")
    m1.inputs[1].default_value = 0.3
    link(nt, nz, m1, "Fac", 0)
    sm = node(nt, "ShaderNodeMath", p_operation="POWER")
    sm.inputs[1].default_value = 0.5
    link(nt, vor, sm, "Distance", 0)
    link(nt, sm, add, 0, 0)
    link(nt, m1, add, 0, 1)
    bump = node(nt, "ShaderNodeBump", Strength=0.3, Distance=0.0015)
    link(nt, add, bump, 0, "Height")
    link(nt, bump, bsdf, "Normal", "Normal")
    output(nt, bsdf)
    return m


def matte_material(name, hexcol, rough=0.8, noise=0.0, **kw):
    m, nt = new_material(name)
    bsdf = principled(nt, srgb(hexcol), rough=rough, **kw)
    if noise:
        nz = node(nt, "ShaderNodeTexNoise", Scale=40.0, Detail=8.0)
        bump = node(nt, "ShaderNodeBump", Strength=noise, Distance=0.001)
        link(nt, nz, bump, "Fac", "Height")
        link(nt, bump, bsdf, "Normal", "Normal")
    output(nt, bsdf)
    return m


def brass_material():
    m, nt = new_material("Brass")
    nz = node(nt, "ShaderNodeTexNoise", Scale=80.0, Detail=6.0)
    bsdf = principled(nt, srgb("#c9a25a"), rough=0.28, metal=1.0)
    rr = node(nt, "ShaderNodeMapRange", **{"To Min": 0.2, "To Max": 0.4})
    link(nt, nz, rr, "Fac", "Value")
    link(nt, rr, bsdf, "Result", "Roughness")
    output(nt, bsdf)
    return m


def steel_material():
    m, nt = new_material("Steel")
    tc = node(nt, "ShaderNodeTexCoord")
    mp = node(nt, "ShaderNodeMapping")
    mp.inputs["Scale"].default_value = (400.0, 4.0, 4.0)
    link(nt, tc, mp, "Object", "Vector")
    nz = node(nt, "ShaderNodeTexNoise", Scale=3.0, Detail=4.0)
    link(nt, mp, nz, 0, "Vector")
    bsdf = principled(nt, srgb("#9a9a98"), rough=0.25, metal=1.0)
    rr = node(nt, "ShaderNodeMapRange", **{"To Min": 0.15, "To Max": 0.35})
    link(nt, nz, rr, "Fac", "Value")
    link(nt, rr, bsdf, "Result", "Roughness")
    output(nt, bsdf)
    return m


def sand_material(hexcol="#d9b98c", ripple=0.25, ripple_scale=260.0, name="Sand", grain=True):
    m, nt = new_material(name)
    tc = node(nt, "ShaderNodeTexCoord")
    mp = node(nt, "ShaderNodeMapping")
    link(nt, tc, mp, "Object", "Vector")
    nz = node(nt, "ShaderNodeTexNoise", Scale=0.6, Detail=3.0)
    link(nt, mp, nz, 0, "Vector")
    mix = node(nt, "ShaderNodeMixRGB", p_blend_type="MIX", Fac=0.25)
    link(nt, mp, mix, 0, "Color1")
    link(nt, nz, mix, "Color", "Color2")
    wave = node(nt, "ShaderNodeTexWave", p_wave_type="BANDS", p_bands_direction="X",
                Scale=ripple_scale * 0.01, Distortion=4.0, Detail=2.0)
    link(nt, mix, wave, 0, "Vector")
    grain = node(nt, "ShaderNodeTexNoise", Scale=3000.0, Detail=1.0)
    link(nt, mp, grain, 0, "Vector")
    base = srgb(hexcol)
    cr = ramp(nt, [(0.3, tuple(c * 0.82 for c in base)), (0.7, base)])
    link(nt, nz, cr, "Fac", "Fac")
    bsdf = principled(nt, rough=0.95, **{"Specular": 0.2})
    link(nt, cr, bsdf, "Color", "Base Color")
    add = node(nt, "ShaderNodeMath", p_operation="MULTIPLY_ADD")
    add.inputs[1].default_value = 0.08 if grain else 0.0
    link(nt, grain, add, "Fac", 0)
    link(nt, wave, add, "Fac", 2)
    bump = node(nt, "ShaderNodeBump", Strength=ripple, Distance=0.02)
    link(nt, add, bump, 0, "Height")
    link(nt, bump, bsdf, "Normal", "Normal")
    output(nt, bsdf)
    return m


def emission_material(name, rgb, strength):
    m, nt = new_material(name)
    e = node(nt, "ShaderNodeEmission", Strength=strength)
    e.inputs["Color"].default_value = (*rgb, 1)
    output(nt, e)
    return m


def smoke_material():
    """Thin wisp of smoke: mostly transparent, faintly scattering, fading upwards."""
    m, nt = new_material("Smoke")
    m.blend_method = "BLEND"
    tc = node(nt, "ShaderNodeTexCoord")
    sep = node(nt, "ShaderNodeSeparateXYZ")
    link(nt, tc, sep, "Generated", 0)
    fade = ramp(nt, [(0.0, (0.8, 0.8, 0.8)), (0.35, (0.92, 0.92, 0.92)), (1.0, (1, 1, 1))])
    link(nt, sep, fade, "Z", "Fac")
    tr = node(nt, "ShaderNodeBsdfTransparent")
    tl = node(nt, "ShaderNodeBsdfTranslucent")
    tl.inputs["Color"].default_value = (0.8, 0.82, 0.86, 1)
    em = node(nt, "ShaderNodeEmission", Strength=0.12)
    em.inputs["Color"].default_value = (0.85, 0.88, 0.95, 1)
    addsh = node(nt, "ShaderNodeAddShader")
    link(nt, tl, addsh, 0, 0)
    link(nt, em, addsh, 0, 1)
    mix = node(nt, "ShaderNodeMixShader")
    link(nt, fade, mix, "Color", "Fac")
    link(nt, addsh, mix, 0, 1)
    link(nt, tr, mix, 0, 2)
    output(nt, mix)
    return m


# --------------------------------------------------------------------------
# geometry helpers
# --------------------------------------------------------------------------

def link_obj(ob, coll=None):
    (coll or bpy.context.scene.collection).objects.link(ob)
    return ob


def mesh_object(name, verts, faces, mat=None, smooth=True):
    me = bpy.data.meshes.new(name)
    me.from_pydata(verts, [], faces)
    me.update()
    if smooth:
        for p in me.polygons:
            p.use_smooth = True
    ob = bpy.data.objects.new(name, me)
    if mat:
        ob.data.materials.append(mat)
    return link_obj(ob)


def lathe(name, profile, mat=None, segments=96, subsurf=2):
    """Revolve an open (r, z) profile around the z axis (a lathe-turned part).
    Profiles start and end on the axis (r == 0)."""
    bm = bmesh.new()
    vs = [bm.verts.new((r, 0.0, z)) for r, z in profile]
    es = [bm.edges.new((vs[i], vs[i + 1])) for i in range(len(vs) - 1)]
    bmesh.ops.spin(bm, geom=vs + es, cent=(0, 0, 0), axis=(0, 0, 1),
                   angle=math.tau, steps=segments, use_merge=True, use_duplicate=False)
    bmesh.ops.remove_doubles(bm, verts=bm.verts, dist=1e-6)
    bmesh.ops.recalc_face_normals(bm, faces=bm.faces)
    me = bpy.data.meshes.new(name)
    bm.to_mesh(me)
    bm.free()
    for p in me.polygons:
        p.use_smooth = True
    ob = bpy.data.objects.new(name, me)
    if mat:
        me.materials.append(mat)
    link_obj(ob)
    if subsurf:
        m = ob.modifiers.new("sub", "SUBSURF")
        m.levels = subsurf
        m.render_levels = subsurf
    return ob


def add_box(name, size, loc=(0, 0, 0), rot=(0, 0, 0), mat=None, bevel=0.0, segs=3):
    sx, sy, sz = (s / 2 for s in size)
    v = [(-sx, -sy, -sz), (sx, -sy, -sz), (sx, sy, -sz), (-sx, sy, -sz),
         (-sx, -sy, sz), (sx, -sy, sz), (sx, sy, sz), (-sx, sy, sz)]
    f = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    ob = mesh_object(name, v, f, mat, smooth=False)
    ob.location = loc
    ob.rotation_euler = rot
    if bevel:
        b = ob.modifiers.new("bev", "BEVEL")
        b.width = bevel
        b.segments = segs
        b.limit_method = "NONE"
        ob.data.use_auto_smooth = True
        ob.data.auto_smooth_angle = math.radians(40)
        for p in ob.data.polygons:
            p.use_smooth = True
    return ob


def add_cylinder(name, r, h, loc=(0, 0, 0), rot=(0, 0, 0), mat=None, segs=48, r2=None, bevel=0.0):
    """Cylinder (or cone frustum with r2) standing on its base at loc."""
    r2 = r if r2 is None else r2
    v, f = [], []
    for i in range(segs):
        a = math.tau * i / segs
        v.append((r * math.cos(a), r * math.sin(a), 0))
    for i in range(segs):
        a = math.tau * i / segs
        v.append((r2 * math.cos(a), r2 * math.sin(a), h))
    for i in range(segs):
        j = (i + 1) % segs
        f.append((i, j, segs + j, segs + i))
    f.append(tuple(reversed(range(segs))))
    f.append(tuple(range(segs, 2 * segs)))
    ob = mesh_object(name, v, f, mat, smooth=True)
    ob.data.use_auto_smooth = True
    ob.data.auto_smooth_angle = math.radians(50)
    ob.location = loc
    ob.rotation_euler = rot
    if bevel:
        b = ob.modifiers.new("bev", "BEVEL")
        b.width = bevel
        b.segments = 3
        b.limit_method = "ANGLE"
    return ob


def add_sphere(name, radius=1.0, loc=(0, 0, 0), scale=(1, 1, 1), mat=None, segs=32, rings=16):
    bm = bmesh.new()
    bmesh.ops.create_uvsphere(bm, u_segments=segs, v_segments=rings, radius=radius)
    me = bpy.data.meshes.new(name)
    bm.to_mesh(me)
    bm.free()
    for p in me.polygons:
        p.use_smooth = True
    ob = bpy.data.objects.new(name, me)
    ob.location = loc
    ob.scale = scale
    if mat:
        me.materials.append(mat)
    return link_obj(ob)


def boolean_cut(target, cutters):
    for c in cutters:
        m = target.modifiers.new("cut", "BOOLEAN")
        m.operation = "DIFFERENCE"
        m.solver = "EXACT"
        m.object = c
        c.hide_render = True
        c.hide_viewport = True


def curve_tube(name, points, radius, mat=None, radii=None, resolution=12):
    cu = bpy.data.curves.new(name, "CURVE")
    cu.dimensions = "3D"
    cu.bevel_depth = radius
    cu.bevel_resolution = 4
    cu.resolution_u = resolution
    cu.use_fill_caps = True
    sp = cu.splines.new("BEZIER")
    sp.bezier_points.add(len(points) - 1)
    for i, p in enumerate(points):
        bp = sp.bezier_points[i]
        bp.co = p
        bp.handle_left_type = bp.handle_right_type = "AUTO"
        if radii:
            bp.radius = radii[i]
    ob = bpy.data.objects.new(name, cu)
    if mat:
        cu.materials.append(mat)
    return link_obj(ob)


# --------------------------------------------------------------------------
# the Nawat date bowl (18 cm x 5 cm, three stacked parts)
# --------------------------------------------------------------------------

NAWAT_BASE = [(0, 0.0060), (0.0760, 0.0060), (0.0815, 0.0110), (0.0838, 0.0195),
              (0.0850, 0.0205), (0.0893, 0.0205), (0.0900, 0.0196), (0.0898, 0.0170),
              (0.0870, 0.0100), (0.0800, 0.0035), (0.0700, 0.0004), (0.0620, 0.0),
              (0.0560, 0.0), (0.0550, 0.0015), (0.0, 0.0015)]
NAWAT_DATES = [(0, 0.0212), (0.0600, 0.0212), (0.0850, 0.0212), (0.0895, 0.0212),
               (0.0901, 0.0222), (0.0903, 0.0280), (0.0893, 0.0340), (0.0872, 0.0378),
               (0.0845, 0.0392), (0.0815, 0.0382), (0.0740, 0.0345), (0.0640, 0.0305),
               (0.0540, 0.0278), (0.0445, 0.0268), (0.0410, 0.0272), (0.0395, 0.0248),
               (0.0, 0.0248)]
NAWAT_DIP = [(0, 0.0252), (0.0240, 0.0252), (0.0305, 0.0262), (0.0355, 0.0310),
             (0.0380, 0.0420), (0.0378, 0.0488), (0.0362, 0.0500), (0.0340, 0.0492),
             (0.0320, 0.0420), (0.0270, 0.0355), (0.0180, 0.0318), (0.0, 0.0312)]
SLOT_RING_R = 0.0495
SLOT_COUNT = 12


def nawat(loc=(0, 0, 0), rot_z=0.0, explode=0.0, with_dates=True, seed=3, wood=None,
          date_count=9, dip_fill=True):
    """Build the bowl; explode lifts the parts apart (metres of extra gap).
    Returns dict of the part objects (parented to an empty 'Nawat')."""
    wood = wood or walnut_material(seed=0.37)
    root = bpy.data.objects.new("Nawat", None)
    link_obj(root)
    base = lathe("NawatBase", NAWAT_BASE, wood, segments=128)
    dates = lathe("NawatDates", NAWAT_DATES, wood, segments=128)
    dip = lathe("NawatDip", NAWAT_DIP, wood, segments=96)
    # the ring of slots through which the pits drop
    cutters = []
    for i in range(SLOT_COUNT):
        a = math.tau * (i + 0.5) / SLOT_COUNT
        c = add_box("slot%d" % i, (0.0105, 0.0042, 0.03),
                    loc=(SLOT_RING_R * math.cos(a), SLOT_RING_R * math.sin(a), 0.026),
                    rot=(0, 0, a), bevel=0.0019, segs=4)
        cutters.append(c)
    boolean_cut(dates, cutters)
    for c in cutters:
        c.parent = dates
    dates.location.z = explode
    dip.location.z = explode * 2.05
    for p in (base, dates, dip):
        p.parent = root
    parts = {"root": root, "base": base, "dates": dates, "dip": dip, "fruit": []}
    if dip_fill:
        # tahini-and-date-syrup dip with a glossy surface
        m, nt = new_material("Dip")
        b = principled(nt, srgb("#b98a5c"), rough=0.2, **{"Specular": 0.5})
        output(nt, b)
        fill = lathe("DipFill", [(0, 0.0395), (0.0312, 0.0395), (0.0318, 0.0405),
                                 (0.0, 0.0404)], m, segments=64, subsurf=0)
        fill.parent = dip
    if with_dates:
        dm = date_material()
        rnd = random.Random(seed)
        for i in range(date_count):
            a = math.tau * i / date_count + rnd.uniform(-0.12, 0.12)
            r = 0.066 + rnd.uniform(-0.003, 0.004)
            ln = rnd.uniform(0.0175, 0.0205)
            wd = rnd.uniform(0.0095, 0.0112)
            d = add_sphere("Date%d" % i, 1.0, segs=40, rings=20, mat=dm,
                           scale=(ln, wd, wd * 0.92))
            dl = d.modifiers.new("lumpy", "DISPLACE")
            tex = bpy.data.textures.new("lump%d" % i, "CLOUDS")
            tex.noise_scale = 0.5
            dl.texture = tex
            dl.strength = 0.06
            dl.texture_coords = "LOCAL"
            z = 0.0312 + (r - 0.066) * 0.4 + wd * 0.8 + explode
            d.location = (r * math.cos(a), r * math.sin(a), z)
            d.rotation_euler = (rnd.uniform(-0.15, 0.15), rnd.uniform(-0.3, -0.12),
                                a + math.pi / 2 + rnd.uniform(-0.35, 0.35))
            d.parent = root
            parts["fruit"].append(d)
    root.location = loc
    root.rotation_euler = (0, 0, rot_z)
    return parts


def loose_dates(positions, seed=11, mat=None):
    """Dates lying on a surface: positions = [(x, y, z_surface, heading)]."""
    dm = mat or date_material()
    rnd = random.Random(seed)
    out = []
    for i, (x, y, z, h) in enumerate(positions):
        ln = rnd.uniform(0.0175, 0.0205)
        wd = rnd.uniform(0.0095, 0.0112)
        d = add_sphere("LooseDate%d" % i, 1.0, segs=40, rings=20, mat=dm,
                       scale=(ln, wd, wd * 0.9))
        dl = d.modifiers.new("lumpy", "DISPLACE")
        tex = bpy.data.textures.new("llump%d" % i, "CLOUDS")
        tex.noise_scale = 0.5
        dl.texture = tex
        dl.strength = 0.06
        d.location = (x, y, z + wd * 0.85)
        d.rotation_euler = (rnd.uniform(-0.1, 0.1), rnd.uniform(-0.1, 0.1), h)
        out.append(d)
    return out


def date_pit(loc, heading=0.0):
    m = matte_material("Pit", "#b58a5e", rough=0.55, noise=0.3)
    p = add_sphere("Pit", 1.0, loc=loc, scale=(0.0105, 0.0042, 0.0038), mat=m, segs=24, rings=12)
    p.rotation_euler = (0, 0, heading)
    return p


# --------------------------------------------------------------------------
# the Sanam incense holder (incense burns upside down)
# --------------------------------------------------------------------------

def sanam(loc=(0, 0, 0), rot_z=0.0, smoke=True, wood=None, seed=1):
    """A walnut base holding a brass dish of sand, a tall tapering walnut arm
    rising from the back and arching over, holding the stick point-down."""
    # the arm rises along z: the board's grain runs up it (pith axis turned to vertical)
    wood = wood or walnut_material("WalnutSanam", seed=0.73, pith=(0.0, -0.3, 0.0),
                                   tilt=(0.03, -1.5, 0.12))
    root = bpy.data.objects.new("Sanam", None)
    link_obj(root)
    parts = []
    base = lathe("SanamBase", [(0, 0.0), (0.060, 0.0), (0.066, 0.004), (0.067, 0.014),
                               (0.063, 0.019), (0.050, 0.020), (0.049, 0.012),
                               (0.0, 0.012)], wood, segments=128)
    parts.append(base)
    brass = brass_material()
    dish = lathe("SanamDish", [(0, 0.011), (0.046, 0.011), (0.049, 0.016), (0.050, 0.0215),
                               (0.0475, 0.0215), (0.045, 0.016), (0.0, 0.015)], brass,
                 segments=96)
    parts.append(dish)
    sandm = sand_material("#cdb08a", ripple=0.15, ripple_scale=9000.0, name="DishSand")
    sand = lathe("SanamSand", [(0, 0.0172), (0.0455, 0.0172), (0.0462, 0.0185),
                               (0.0, 0.0178)], sandm, segments=96, subsurf=0)
    parts.append(sand)
    # the arm: a tapering, gently curving walnut spine from the back of the base,
    # rising to 0.26 m and bending forward over the dish centre
    pts = []
    n = 28
    for i in range(n + 1):
        t = i / n
        ang = t * math.pi * 0.62
        # quarter-ellipse path: up the back, then forward
        x = -0.058 + 0.058 * (1 - math.cos(ang)) ** 1.35 * 1.05
        z = 0.012 + 0.25 * math.sin(ang) ** 0.85
        pts.append((x, z))
    # cross section (width in y, depth along the path normal) tapering upwards
    verts, faces = [], []
    ring = 24
    for i, (x, z) in enumerate(pts):
        t = i / n
        if i < n:
            dx, dz = pts[i + 1][0] - x, pts[i + 1][1] - z
        else:
            dx, dz = x - pts[i - 1][0], z - pts[i - 1][1]
        ln = math.hypot(dx, dz)
        nx, nz = -dz / ln, dx / ln
        w = 0.026 * (1 - 0.6 * t) + 0.004
        d = 0.014 * (1 - 0.45 * t) + 0.003
        for k in range(ring):
            a = math.tau * k / ring
            c, s = math.cos(a), math.sin(a)
            verts.append((x + nx * c * d, s * w, z + nz * c * d))
    for i in range(n):
        for k in range(ring):
            a = i * ring + k
            b = i * ring + (k + 1) % ring
            faces.append((a, b, b + ring, a + ring))
    faces.append(tuple(reversed(range(ring))))
    faces.append(tuple(range(n * ring, (n + 1) * ring)))
    arm = mesh_object("SanamArm", verts, faces, wood)
    sub = arm.modifiers.new("sub", "SUBSURF")
    sub.levels = sub.render_levels = 2
    parts.append(arm)
    tip_x, tip_z = pts[-1]
    # small brass collar holding the stick
    collar = add_cylinder("Collar", 0.0045, 0.008, loc=(tip_x + 0.004, 0, tip_z - 0.014),
                          mat=brass, segs=32)
    parts.append(collar)
    # the incense stick, pointing down: bamboo core + dark masala coating
    stick_top = tip_z - 0.012
    stick_len = 0.165
    cx = tip_x + 0.004
    inc = matte_material("Incense", "#3b2418", rough=0.9, noise=0.6)
    stick = add_cylinder("Stick", 0.0017, stick_len, loc=(cx, 0, stick_top - stick_len),
                         mat=inc, segs=16)
    parts.append(stick)
    bamboo = matte_material("Bamboo", "#b8895a", rough=0.7)
    core = add_cylinder("Core", 0.0007, 0.016, loc=(cx, 0, stick_top - 0.004), mat=bamboo,
                        segs=12)
    parts.append(core)
    ember_z = stick_top - stick_len
    em = emission_material("Ember", (1.0, 0.28, 0.05), 30.0)
    ember = add_sphere("Ember", 0.0019, loc=(cx, 0, ember_z + 0.0008), mat=em, segs=16,
                       rings=8, scale=(1, 1, 1.4))
    parts.append(ember)
    # ash on the sand
    ashm = matte_material("Ash", "#8f8a84", rough=1.0, noise=0.5)
    rnd = random.Random(seed)
    for i in range(7):
        a = add_sphere("Ash%d" % i, 1.0, mat=ashm, segs=12, rings=6,
                       scale=(rnd.uniform(0.002, 0.005), rnd.uniform(0.0015, 0.003), 0.0012),
                       loc=(cx + rnd.uniform(-0.008, 0.008), rnd.uniform(-0.008, 0.008), 0.0182))
        a.rotation_euler.z = rnd.uniform(0, math.tau)
        parts.append(a)
    if smoke:
        parts.extend(smoke_wisps((cx, 0.0, ember_z), seed))
    for p in parts:
        p.parent = root
    root.location = loc
    root.rotation_euler = (0, 0, rot_z)
    return root


def smoke_wisps(ember, seed=1, rise=0.2):
    """Two thin curls of smoke rising from the ember at `ember` (x, y, z)."""
    sm = bpy.data.materials.get("Smoke") or smoke_material()
    rnd = random.Random(seed + 5)
    out = []
    for w in range(2):
        ps, rs = [], []
        x, y, z = ember[0] + 0.0015, ember[1], ember[2] + 0.002
        f1, f2 = rnd.uniform(7, 11), rnd.uniform(5, 8)
        p1, p2 = rnd.uniform(0, 6.3), rnd.uniform(0, 6.3)
        drift = rnd.uniform(0.02, 0.06) * (1 if w == 0 else -0.5)
        for i in range(16):
            t = i / 15
            ps.append((x + 0.009 * math.sin(t * f1 + p1) * (0.2 + 2.0 * t) + drift * t * t
                       + 0.006 * t,
                       y + 0.014 * math.sin(t * f2 + p2) * t * 1.5,
                       z + t * rise))
            rs.append(0.4 + 2.6 * t * t)
        out.append(curve_tube("Smoke%d" % w, ps, 0.0008 * (1 if w == 0 else 0.7), sm, radii=rs))
    return out


# --------------------------------------------------------------------------
# set dressing: backdrop, lights, camera
# --------------------------------------------------------------------------

def backdrop(hexcol="#e9e1d6", size=3.0, curve_r=0.5, back=1.0, name="Backdrop", rough=0.85,
             gradient=None, specular=0.3):
    """Seamless sweep: floor curving up into a back wall at y = back."""
    verts, faces = [], []
    prof = []
    for i in range(12):
        prof.append((-size + (back - curve_r + size) * i / 11, 0.0))
    for i in range(1, 17):
        a = (math.pi / 2) * i / 16
        prof.append((back - curve_r + math.sin(a) * curve_r, curve_r - math.cos(a) * curve_r))
    for i in range(1, 8):
        prof.append((back, curve_r + size * i / 7))
    xs = [-size, size]
    for y, z in prof:
        for x in xs:
            verts.append((x, y, z))
    for i in range(len(prof) - 1):
        a = i * 2
        faces.append((a, a + 1, a + 3, a + 2))
    m, nt = new_material(name + "Mat")
    b = principled(nt, srgb(hexcol), rough=rough, **{"Specular": specular})
    if gradient:
        nz = node(nt, "ShaderNodeTexNoise", Scale=1.2, Detail=2.0)
        cr = ramp(nt, [(0.3, srgb(gradient)), (0.7, srgb(hexcol))])
        link(nt, nz, cr, "Fac", "Fac")
        link(nt, cr, b, "Color", "Base Color")
    output(nt, b)
    ob = mesh_object(name, verts, faces, m)
    sub = ob.modifiers.new("sub", "SUBSURF")
    sub.levels = sub.render_levels = 1
    return ob


def area_light(name, loc, target, power, size=0.5, color=(1, 1, 1), size_y=None, shape=None,
               spread=180):
    ld = bpy.data.lights.new(name, "AREA")
    ld.energy = power
    ld.color = color
    if size_y:
        ld.shape = shape or "RECTANGLE"
        ld.size, ld.size_y = size, size_y
    else:
        ld.shape = shape or "DISK"
        ld.size = size
    ld.spread = math.radians(spread)
    ob = bpy.data.objects.new(name, ld)
    ob.location = loc
    aim(ob, target)
    return link_obj(ob)


def sun_light(name, direction_euler, strength, color=(1, 1, 1), angle_deg=1.0):
    ld = bpy.data.lights.new(name, "SUN")
    ld.energy = strength
    ld.color = color
    ld.angle = math.radians(angle_deg)
    ob = bpy.data.objects.new(name, ld)
    ob.rotation_euler = direction_euler
    return link_obj(ob)


def spot_light(name, loc, target, power, size=0.05, blend=0.4, angle=40, color=(1, 1, 1)):
    ld = bpy.data.lights.new(name, "SPOT")
    ld.energy = power
    ld.color = color
    ld.shadow_soft_size = size
    ld.spot_size = math.radians(angle)
    ld.spot_blend = blend
    ob = bpy.data.objects.new(name, ld)
    ob.location = loc
    aim(ob, target)
    return link_obj(ob)


def aim(ob, target):
    d = Vector(target) - Vector(ob.location)
    ob.rotation_euler = d.to_track_quat("-Z", "Y").to_euler()


def camera(loc, target, lens=85, dof=None, fstop=4.0, shift_x=0.0, shift_y=0.0, sensor=36):
    cd = bpy.data.cameras.new("Cam")
    cd.lens = lens
    cd.sensor_width = sensor
    cd.shift_x = shift_x
    cd.shift_y = shift_y
    cd.clip_start = 0.01
    cd.clip_end = 200
    if dof is not None:
        cd.dof.use_dof = True
        cd.dof.focus_distance = dof
        cd.dof.aperture_fstop = fstop
    ob = bpy.data.objects.new("Cam", cd)
    ob.location = loc
    aim(ob, target)
    link_obj(ob)
    bpy.context.scene.camera = ob
    return ob


def orbit(target, dist, az_deg, el_deg):
    a, e = math.radians(az_deg), math.radians(el_deg)
    t = Vector(target)
    return (t.x + dist * math.cos(e) * math.sin(a),
            t.y - dist * math.cos(e) * math.cos(a),
            t.z + dist * math.sin(e))


def studio_lights(warm=1.0, key_power=90.0, scale=1.0):
    """Soft product lighting: big key softbox front-left, strip rim back-right, low fill."""
    k = (1.0, 0.93 * warm + (1 - warm), 0.84 * warm + (1 - warm))
    area_light("Key", (-0.7 * scale, -0.25 * scale, 0.55 * scale), (0, 0, 0.03), key_power,
               size=0.5 * scale, color=k)
    area_light("Rim", (0.45 * scale, 0.5 * scale, 0.35 * scale), (0, 0, 0.04), key_power * 0.6,
               size=0.15 * scale, size_y=0.8 * scale, color=(1.0, 0.9, 0.78))
    area_light("Fill", (0.6 * scale, -0.5 * scale, 0.2 * scale), (0, 0, 0.03), key_power * 0.06,
               size=0.9 * scale, color=(0.9, 0.95, 1.0))


# --------------------------------------------------------------------------
# the workshop: mud-brick wall with Najdi triangular openings, bench, lathe
# --------------------------------------------------------------------------

def mudbrick_material():
    m, nt = new_material("MudBrick")
    tc = node(nt, "ShaderNodeTexCoord")
    sep = node(nt, "ShaderNodeSeparateXYZ")
    link(nt, tc, sep, "Object", 0)
    comb = node(nt, "ShaderNodeCombineXYZ")
    link(nt, sep, comb, "X", "X")
    link(nt, sep, comb, "Z", "Y")
    warp = node(nt, "ShaderNodeTexNoise", Scale=3.0, Detail=2.0)
    link(nt, tc, warp, "Object", "Vector")
    wmix = node(nt, "ShaderNodeMixRGB", Fac=0.03)
    link(nt, comb, wmix, 0, "Color1")
    link(nt, warp, wmix, "Color", "Color2")
    br = node(nt, "ShaderNodeTexBrick", Scale=1.0, **{"Mortar Size": 0.012, "Mortar Smooth": 0.6,
                                                      "Brick Width": 0.42, "Row Height": 0.16,
                                                      "Bias": 0.0})
    br.inputs["Color1"].default_value = (*srgb("#8d6a4c"), 1)
    br.inputs["Color2"].default_value = (*srgb("#7c5b40"), 1)
    br.inputs["Mortar"].default_value = (*srgb("#5e4330"), 1)
    link(nt, wmix, br, 0, "Vector")
    # plaster patches
    pn = node(nt, "ShaderNodeTexNoise", Scale=1.6, Detail=3.0)
    link(nt, tc, pn, "Object", "Vector")
    pm = ramp(nt, [(0.42, (0, 0, 0)), (0.5, (1, 1, 1))])
    link(nt, pn, pm, "Fac", "Fac")
    mix = node(nt, "ShaderNodeMixRGB", p_blend_type="MIX")
    mix.inputs["Color2"].default_value = (*srgb("#9a7a5a"), 1)
    link(nt, pm, mix, "Color", "Fac")
    link(nt, br, mix, "Color", "Color1")
    fine = node(nt, "ShaderNodeTexNoise", Scale=90.0, Detail=2.0)
    link(nt, tc, fine, "Object", "Vector")
    bsdf = principled(nt, rough=0.95, **{"Specular": 0.15})
    link(nt, mix, bsdf, "Color", "Base Color")
    h = node(nt, "ShaderNodeMath", p_operation="MULTIPLY_ADD")
    h.inputs[1].default_value = 0.25
    link(nt, fine, h, "Fac", 0)
    inv = node(nt, "ShaderNodeMath", p_operation="MULTIPLY")
    link(nt, br, inv, "Fac", 0)
    link(nt, pm, inv, "Color", 1)
    hm = node(nt, "ShaderNodeMath", p_operation="SUBTRACT")
    link(nt, h, hm, 0, 0)
    link(nt, br, hm, "Fac", 1)
    bump = node(nt, "ShaderNodeBump", Strength=0.6, Distance=0.01)
    link(nt, hm, bump, 0, "Height")
    link(nt, bump, bsdf, "Normal", "Normal")
    output(nt, bsdf)
    return m


def tri_prism(name, cx, cz, w, h, y0, y1):
    v = [(cx - w / 2, y0, cz), (cx + w / 2, y0, cz), (cx, y0, cz + h),
         (cx - w / 2, y1, cz), (cx + w / 2, y1, cz), (cx, y1, cz + h)]
    f = [(0, 1, 2), (3, 5, 4), (0, 3, 4, 1), (1, 4, 5, 2), (2, 5, 3, 0)]
    return mesh_object(name, v, f, smooth=False)


def shaving(loc, rot, length=0.06, width=0.012, turns=1.6, r0=0.008, mat=None, seed=0):
    """A curled wood shaving: a thin ribbon wound into a loose spiral."""
    rnd = random.Random(seed)
    n = 40
    verts, faces = [], []
    for i in range(n + 1):
        t = i / n
        a = t * turns * math.tau
        r = r0 * (1 - 0.55 * t) + 0.001
        x, y = r * math.cos(a), r * math.sin(a)
        z = t * length * 0.25
        wv = width * (0.6 + 0.4 * math.sin(t * math.pi))
        verts.append((x, y, z - wv / 2))
        verts.append((x, y, z + wv / 2))
    for i in range(n):
        a = 2 * i
        faces.append((a, a + 2, a + 3, a + 1))
    ob = mesh_object("Shaving", verts, faces, mat)
    ob.location = loc
    ob.rotation_euler = rot
    sol = ob.modifiers.new("sol", "SOLIDIFY")
    sol.thickness = 0.0006
    return ob


def shaving_material():
    m, nt = new_material("Shaving")
    tc = node(nt, "ShaderNodeTexCoord")
    nz = node(nt, "ShaderNodeTexWave", Scale=40.0, Distortion=3.0, Detail=1.0)
    link(nt, tc, nz, "Object", "Vector")
    cr = ramp(nt, [(0.0, srgb("#6e4628")), (1.0, srgb("#9a6c44"))])
    link(nt, nz, cr, "Fac", "Fac")
    b = principled(nt, rough=0.7, **{"Subsurface": 0.0})
    link(nt, cr, b, "Color", "Base Color")
    tl = node(nt, "ShaderNodeBsdfTranslucent")
    tl.inputs["Color"].default_value = (*srgb("#c08a55"), 1)
    mix = node(nt, "ShaderNodeMixShader", Fac=0.08)
    link(nt, b, mix, 0, 1)
    link(nt, tl, mix, 0, 2)
    output(nt, mix)
    return m


def scatter_shavings(center, spread, count, seed=1, z=0.0, scale=1.0, mat=None):
    mat = mat or shaving_material()
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        a = rnd.uniform(0, math.tau)
        d = spread * math.sqrt(rnd.random())
        loc = (center[0] + d * math.cos(a), center[1] + d * math.sin(a),
               z + rnd.uniform(0.003, 0.008) * scale)
        rot = (rnd.uniform(-1.6, 1.6), rnd.uniform(-1.6, 1.6), rnd.uniform(0, math.tau))
        out.append(shaving(loc, rot, length=rnd.uniform(0.04, 0.09) * scale,
                           width=rnd.uniform(0.008, 0.016) * scale,
                           turns=rnd.uniform(0.8, 2.2), r0=rnd.uniform(0.005, 0.011) * scale,
                           mat=mat, seed=i))
    return out


def chisel(loc, rot_z, length=0.27, wood=None, steel=None, width=0.012):
    wood = wood or wood_material("Handle", dark="#3a2414", mid="#6b4528", light="#8d6240",
                                 seed=1.3, ring_scale=20)
    steel = steel or steel_material()
    root = bpy.data.objects.new("Chisel", None)
    link_obj(root)
    h = add_cylinder("Handle", 0.014, 0.12, loc=(0, 0, 0), rot=(0, math.pi / 2, 0), mat=wood,
                     segs=24, r2=0.011, bevel=0.003)
    ferrule = add_cylinder("Ferrule", 0.0115, 0.012, loc=(0.118, 0, 0), rot=(0, math.pi / 2, 0),
                           mat=brass_material(), segs=24)
    blade = add_box("Blade", (length - 0.13, width, 0.004), loc=(0.13 + (length - 0.13) / 2, 0, 0),
                    mat=steel, bevel=0.0008, segs=2)
    for p in (h, ferrule, blade):
        p.parent = root
    root.location = loc
    root.rotation_euler = (0, 0, rot_z)
    return root


def workshop(lathe_blank=True, bowl_on_bench=True, shavings=60):
    """Interior of the studio. Bench top surface at z = 0.92, centred at (0, 0.55)."""
    floor_m = matte_material("Floor", "#6f5a47", rough=0.9, noise=0.3)
    add_box("Floor", (12, 12, 0.1), loc=(0, 0, -0.05), mat=floor_m)
    wall_m = mudbrick_material()
    wall = add_box("Wall", (6.0, 0.14, 3.4), loc=(0, 1.27, 1.7), mat=wall_m)
    cutters = []
    for i, cx in enumerate((-0.75, -0.25, 0.25, 0.75)):
        cutters.append(tri_prism("Tri%d" % i, cx, 1.38, 0.24, 0.3, 1.1, 1.6))
    # a second, smaller row of triangles, a typical Najdi frieze
    for i in range(9):
        cx = -1.2 + i * 0.3
        cutters.append(tri_prism("TriS%d" % i, cx, 2.55, 0.1, 0.11, 1.1, 1.6))
    boolean_cut(wall, cutters)
    # bright courtyard beyond the wall, seen through the openings
    add_box("Courtyard", (10, 0.1, 5), loc=(0, 3.5, 1.5),
            mat=emission_material("CourtyardGlow", srgb("#f2d3ad"), 4.0))
    add_box("Ceiling", (6, 6, 0.1), loc=(0, -1.0, 3.4), mat=floor_m)
    add_box("WallL", (0.3, 6, 3.4), loc=(-2.6, -1.0, 1.7), mat=wall_m)
    add_box("WallR", (0.3, 6, 3.4), loc=(2.6, -1.0, 1.7), mat=wall_m)
    # bench: thick top in lighter, worn wood
    bench_w = wood_material("Bench", dark="#5e4430", mid="#6e5038", light="#80603f", seed=2.2,
                            ring_scale=6, rough=0.65)
    add_box("BenchTop", (1.9, 0.72, 0.07), loc=(0, 0.55, 0.885), mat=bench_w, bevel=0.004)
    for x in (-0.85, 0.85):
        for y in (0.25, 0.85):
            add_box("Leg", (0.08, 0.08, 0.85), loc=(x, y, 0.425), mat=bench_w, bevel=0.003)
    add_box("Stretcher", (1.7, 0.05, 0.08), loc=(0, 0.85, 0.2), mat=bench_w)
    walnut = walnut_material(seed=0.37)
    # walnut blanks, end grain up
    blank_w = wood_material("Blank", seed=1.7, ring_scale=10, rough=0.7)
    add_box("Blank1", (0.22, 0.21, 0.06), loc=(0.62, 0.72, 0.95), rot=(0, 0, 0.12), mat=blank_w,
            bevel=0.002)
    add_box("Blank2", (0.21, 0.2, 0.06), loc=(0.64, 0.71, 1.01), rot=(0, 0, -0.08), mat=blank_w,
            bevel=0.002)
    add_box("Blank3", (0.2, 0.2, 0.055), loc=(0.35, 0.78, 0.948), rot=(0, 0, 0.4), mat=blank_w,
            bevel=0.002)
    steel = steel_material()
    chisel((-0.25, 0.35, 0.927), 0.25, steel=steel)
    chisel((-0.2, 0.3, 0.927), 0.12, steel=steel, width=0.02)
    chisel((-0.32, 0.42, 0.927), 0.35, steel=steel, width=0.008, length=0.3)
    if bowl_on_bench:
        nawat(loc=(0.12, 0.5, 0.92), with_dates=False, dip_fill=False, wood=walnut)
    if shavings:
        scatter_shavings((-0.05, 0.45), 0.3, shavings, seed=3, z=0.92)
        scatter_shavings((-1.2, 0.3), 0.4, shavings // 2, seed=4, z=0.0, scale=1.2)
    # lathe on the left
    iron = matte_material("Iron", "#2b2d2e", rough=0.45, metal=0.6) if False else None
    iron = new_material("Iron")
    b = principled(iron[1], srgb("#3d4a45"), rough=0.4, metal=0.5)
    output(iron[1], b)
    iron = iron[0]
    add_box("LatheStand", (1.1, 0.4, 0.8), loc=(-1.55, 0.45, 0.4), mat=iron, bevel=0.01)
    add_box("LatheBed", (1.1, 0.16, 0.08), loc=(-1.55, 0.45, 0.86), mat=iron, bevel=0.005)
    add_box("Headstock", (0.24, 0.2, 0.26), loc=(-1.98, 0.45, 1.03), mat=iron, bevel=0.01)
    spindle = add_cylinder("Spindle", 0.03, 0.06, loc=(-1.86, 0.45, 1.07),
                           rot=(0, math.pi / 2, 0), mat=steel, segs=32)
    rest = add_box("ToolRest", (0.04, 0.2, 0.012), loc=(-1.62, 0.33, 1.02), rot=(0.3, 0, 0),
                   mat=iron)
    post = add_box("RestPost", (0.03, 0.03, 0.14), loc=(-1.62, 0.3, 0.94), mat=iron)
    parts = {"spindle": spindle}
    if lathe_blank:
        # a bowl in progress: outside turned, foot tenon, rough inside
        prof = [(0, 0.0), (0.025, 0.0), (0.028, 0.012), (0.05, 0.014), (0.075, 0.022),
                (0.088, 0.04), (0.092, 0.058), (0.09, 0.062), (0.07, 0.062), (0.055, 0.058),
                (0.0, 0.056)]
        bl = lathe("LatheBowl", prof, walnut, segments=96)
        bl.location = (-1.80, 0.45, 1.07)
        bl.rotation_euler = (0, math.pi / 2, 0)
        parts["bowl"] = bl
    return parts


def workshop_lights(sun_strength=7.0, window=120.0):
    sc = bpy.context.scene
    sun = sun_light("Sun", (0, 0, 0), sun_strength, color=(1.0, 0.78, 0.55), angle_deg=0.6)
    d = Vector((0.3, -1.0, -0.85)).normalized()
    sun.rotation_euler = d.to_track_quat("-Z", "Y").to_euler()
    area_light("Window", (-2.3, -0.2, 1.8), (0, 0.5, 0.9), window, size=1.2, size_y=1.6,
               color=(1.0, 0.9, 0.8))
    area_light("Bounce", (0.5, -2.0, 2.5), (0, 0.5, 0.9), window * 0.5, size=2.5,
               color=(1.0, 0.86, 0.72))
    set_world_color(srgb("#c9a888"), 0.15)
