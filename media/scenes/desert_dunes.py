"""desert-dunes.jpg: 1920x1080 sustainability hero. The desert as a landscape: the crest of a
wind-shaped dune at golden hour, backlit by a low sun, the slip face in shadow, a field of far
ridges, open sky above for the centred headline. (It replaced camel-desert.jpg, whose camel read
as a toy figurine under the headline.)"""
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

# camera low, looking slightly up at the crest
cam_z = height(0, 0) + 1.6
sc.camera((0, 0, cam_z), (cx - 10, cy, cz + 1.0), lens=55)
sc.render("desert-dunes.jpg", 1920, 1080, samples=20, scale=1.0, denoise=2.5, threshold=0.02,
          grade="curves=all='0/0 0.25/0.2 0.75/0.8 1/1',colorbalance=rh=0.05:gh=-0.03:bh=-0.05"
                ":rm=0.05:gm=-0.02:bm=-0.06,eq=saturation=1.15")
