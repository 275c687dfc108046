"""bts-2.jpg: 1200x800 behind the scenes: flat lay on the bench, the three parts of the
Nawat bowl before assembly, a chisel, a pencil on a sketch sheet, shavings."""
import math, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
import studio_common as sc

sc.reset(seed=131)
sc.set_world_color(sc.srgb("#c9a888"), 0.1)
bench = sc.wood_material("Bench", dark="#5e4430", mid="#6e5038", light="#80603f", seed=2.2,
                         ring_scale=6, rough=0.65)
sc.add_box("BenchTop", (1.6, 1.2, 0.06), loc=(0, 0, -0.03), mat=bench)
walnut = sc.walnut_material(seed=0.37)
parts = sc.nawat(with_dates=False, dip_fill=False, wood=walnut)
# lay the three parts side by side
parts["base"].location = (-0.2, 0.02, 0.0)
parts["dates"].location = (0.0, 0.0, -0.0212)
parts["dates"].location.x = 0.02
parts["dip"].location = (0.19, -0.07, -0.0252)
paper = sc.matte_material("Paper", "#efe6d6", rough=0.9, noise=0.05)
sheet = sc.add_box("Sheet", (0.3, 0.21, 0.0005), loc=(0.21, 0.15, 0.0003), rot=(0, 0, 0.12),
                   mat=paper)
pencil_m = sc.matte_material("Pencil", "#b98a5a", rough=0.6)  # a bare cedar pencil
sc.add_cylinder("Pencil", 0.0035, 0.17, loc=(0.11, 0.12, 0.0035),
                rot=(0, math.pi / 2, 0.4), mat=pencil_m, segs=6)
sc.chisel((-0.26, -0.17, 0.013), 0.2, width=0.016)
sc.scatter_shavings((-0.05, -0.17), 0.1, 16, seed=21, z=0.0)
sc.scatter_shavings((0.3, -0.15), 0.06, 6, seed=22, z=0.0)
sc.area_light("Key", (-0.7, 0.5, 0.9), (0, 0, 0), 160, size=0.3, color=(1.0, 0.86, 0.7))
sc.area_light("Fill", (0.5, -0.5, 0.8), (0, 0, 0), 20, size=1.2, color=(0.92, 0.96, 1.0))
sc.camera((0.0, -0.02, 0.9), (0.0, 0.0, 0.0), lens=45, dof=0.9, fstop=8)
sc.render("bts-2.jpg", 1200, 800, samples=24, scale=1.0, denoise=2.5, threshold=0.02,
          grade="curves=all='0/0 0.4/0.28 0.8/0.78 1/1',"
                "colorbalance=rm=0.04:bm=-0.05,eq=saturation=1.1,vignette=angle=0.7")
