"""camel-desert.jpg: 1920x1080 sustainability hero. A lone camel on the crest of a
wind-shaped dune at golden hour, backlit by a low sun, long shadow towards us,
the left two thirds left open for text. Camel built with a skin-modifier skeleton."""
import math, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
from mathutils import Vector, noise
import studio_common as sc

sc.reset(seed=71)
scene = bpy.context.scene
scene.cycles.max_bounces = 3

CREST_H = 11.0


P0 = (-14.0, 18.0)
DIR = Vector((0.42, 1.0)).normalized()


def crest(x, y):
    """(along, across) coordinates of the main dune's crest line, which runs
    diagonally away from the camera, curving gently."""
    rx, ry = x - P0[0], y - P0[1]
    s = rx * DIR.x + ry * DIR.y
    t = rx * DIR.y - ry * DIR.x
    t -= 4.0 * math.sin(s * 0.035) + 1.5 * math.sin(s * 0.11)
    return s, t


def height(x, y):
    # far dune field: asymmetric wind ridges with warped crests
    w = noise.noise(Vector((x * 0.003, y * 0.003, 0.5))) * 90
    u = (y + w - 0.5 * x) / 90.0
    f = u - math.floor(u)
    p = (f / 0.8) ** 1.6 if f < 0.8 else ((1 - f) / 0.2) ** 1.2
    amp = 16 + 8 * noise.noise(Vector((x * 0.006, y * 0.006, 2.0)))
    field = amp * p * min(1.0, max(0.0, (y - 160) / 200)) * (1 + y / 700)
    # the main dune: gentle sunlit windward face on the left, steep slip face right
    s, t = crest(x, y)
    H = min(16.0, 2.5 + 0.13 * max(s, 0.0))
    if t < 0:
        main = H * max(0.0, 1 + t / 45) ** 1.5
    else:
        main = H * max(0.0, 1 - t / 16) ** 1.25
    main *= min(1.0, max(0.0, (s + 10) / 25))
    roll = 0.8 * noise.noise(Vector((x * 0.03, y * 0.03, 4.0)))
    return max(field, main) + roll


verts, faces = [], []
NU, NV = 420, 300
for j in range(NV):
    v = j / (NV - 1)
    y = 2 + 1200 * v ** 2.2
    for i in range(NU):
        u = i / (NU - 1)
        x = (u - 0.5) * (40 + 2.2 * y)
        verts.append((x, y, height(x, y)))
for j in range(NV - 1):
    for i in range(NU - 1):
        a = j * NU + i
        faces.append((a, a + 1, a + NU + 1, a + NU))
sand = sc.sand_material("#d69a5c", ripple=0.2, ripple_scale=70.0, grain=False)
dunes = sc.mesh_object("Dunes", verts, faces, sand)

# ---- camel: skeleton of vertices with skin radii ------------------------------
S = [  # name, position (x forward, z up), radius
    ("tail0", (-0.78, 0, 1.62), 0.12), ("tail1", (-0.86, 0, 1.25), 0.035),
    ("hip", (-0.55, 0, 1.7), 0.38), ("hump", (-0.08, 0, 1.84), 0.47),
    ("humptop", (-0.04, 0, 2.2), 0.33), ("shoulder", (0.42, 0, 1.7), 0.4),
    ("neck0", (0.78, 0, 1.56), 0.2), ("neck1", (1.08, 0, 1.42), 0.14),
    ("neck2", (1.3, 0, 1.58), 0.12), ("neck3", (1.42, 0, 1.88), 0.11),
    ("head0", (1.48, 0, 2.06), 0.12), ("head1", (1.8, 0, 2.0), 0.075),
    ("ear", (1.44, 0, 2.2), 0.03),
]
idx = {n: i for i, (n, _, _) in enumerate(S)}
pos = [p for _, p, _ in S]
rad = [r for _, _, r in S]
edges = [("tail1", "tail0"), ("tail0", "hip"), ("hip", "hump"), ("hump", "humptop"),
         ("hump", "shoulder"), ("shoulder", "neck0"), ("neck0", "neck1"), ("neck1", "neck2"),
         ("neck2", "neck3"), ("neck3", "head0"), ("head0", "head1"), ("head0", "ear")]
E = [(idx[a], idx[b]) for a, b in edges]


def leg(top, side, hip_pt, knee, ankle, foot, r0):
    base = len(pos)
    for k, (p, r) in enumerate([(hip_pt, r0), (knee, 0.09), (ankle, 0.06), (foot, 0.09)]):
        pos.append((p[0], side, p[1]))
        rad.append(r)
    E.append((idx[top], base))
    E.extend([(base, base + 1), (base + 1, base + 2), (base + 2, base + 3)])


# walking pose: near-side legs mid-stride
leg("shoulder", 0.16, (0.5, 1.45), (0.62, 0.8), (0.7, 0.14), (0.76, 0.04), 0.15)
leg("shoulder", -0.16, (0.45, 1.45), (0.36, 0.8), (0.28, 0.14), (0.32, 0.04), 0.15)
leg("hip", 0.17, (-0.52, 1.4), (-0.62, 0.95), (-0.52, 0.14), (-0.47, 0.04), 0.2)
leg("hip", -0.17, (-0.55, 1.4), (-0.42, 0.95), (-0.72, 0.14), (-0.68, 0.04), 0.2)

me = bpy.data.meshes.new("Camel")
me.from_pydata(pos, E, [])
camel = bpy.data.objects.new("Camel", me)
sc.link_obj(camel)
skin = camel.modifiers.new("skin", "SKIN")
for i, r in enumerate(rad):
    sv = me.skin_vertices[0].data[i]
    sv.radius = (r, r * (0.75 if i < len(S) else 1.0))
me.skin_vertices[0].data[idx["hump"]].use_root = True
sub = camel.modifiers.new("sub", "SUBSURF")
sub.levels = sub.render_levels = 2
fur = sc.matte_material("CamelFur", "#9a6a3e", rough=0.9, noise=0.2)
camel.data.materials.append(fur)
# find the crest point at along-distance 68
best = None
for k in range(-400, 400):
    t = k * 0.05
    sx = P0[0] + DIR.x * 68 + DIR.y * t
    sy = P0[1] + DIR.y * 68 - DIR.x * t
    hz = height(sx, sy)
    if best is None or hz > best[2]:
        best = (sx, sy, hz)
cx, cy, cz = best
camel.location = (cx, cy, cz - 0.08)
camel.rotation_euler = (0, 0, math.radians(172))
camel.scale = (1.25, 1.25, 1.25)
for p in me.polygons:
    p.use_smooth = True

# ---- sky and sun ---------------------------------------------------------------
world = scene.world
nt = world.node_tree
sky = nt.nodes.new("ShaderNodeTexSky")
sky.sky_type = "NISHITA"
SUN_EL = math.radians(7.0)
SUN_AZ = math.radians(-58)  # to the right of the view axis (+y)
sky.sun_elevation = SUN_EL
sky.sun_rotation = math.pi - SUN_AZ
sky.sun_size = math.radians(2.2)
sky.sun_intensity = 0.25
sky.air_density = 1.3
sky.dust_density = 1.8
sky.ozone_density = 1.0
sky.altitude = 0
nt.links.new(sky.outputs[0], nt.nodes["Background"].inputs[0])
nt.nodes["Background"].inputs["Strength"].default_value = 0.16
sun_dir = Vector((math.sin(SUN_AZ) * math.cos(SUN_EL), math.cos(SUN_AZ) * math.cos(SUN_EL),
                  math.sin(SUN_EL)))
sun = sc.sun_light("Sun", (0, 0, 0), 9.0, color=(1.0, 0.58, 0.28), angle_deg=0.8)
sun.rotation_euler = (-sun_dir).to_track_quat("-Z", "Y").to_euler()

# camera low, looking slightly up at the crest; camel on the right third
cam_z = height(0, 0) + 1.6
sc.camera((0, 0, cam_z), (cx - 10, cy, cz + 1.0), lens=55)
sc.render("camel-desert.jpg", 1920, 1080, samples=16, denoise=3.0,
          grade="curves=all='0/0 0.25/0.2 0.75/0.8 1/1',colorbalance=rh=0.05:gh=-0.03:bh=-0.05"
                ":rm=0.05:gm=-0.02:bm=-0.06,eq=saturation=1.15")
