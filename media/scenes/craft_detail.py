"""craft-detail.jpg: 1200x900 macro on the bench: a walnut board fresh from the plane,
curled shavings on it, the edge of a chisel, the grain in low raking light."""
import math, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=111)
sc.set_world_color(sc.srgb("#c9a888"), 0.05)
bench = sc.wood_material("Bench", dark="#5e4430", mid="#6e5038", light="#80603f", seed=2.2,
                         ring_scale=6, rough=0.65)
sc.add_box("BenchTop", (1.2, 0.8, 0.06), loc=(0, 0, -0.03), mat=bench)
board = sc.walnut_material("Board", seed=0.9, pith=(0.0, -0.22, -0.08), rough=0.45, coat=0.1)
sc.add_box("Board", (0.6, 0.22, 0.028), loc=(0.04, 0.02, 0.014), rot=(0, 0, -0.12), mat=board,
           bevel=0.0015)
sc.chisel((-0.2, -0.1, 0.013), 0.32, width=0.022)
sc.scatter_shavings((0.04, 0.01), 0.09, 14, seed=9, z=0.028, scale=1.5)
sc.scatter_shavings((0.0, -0.14), 0.12, 12, seed=7, z=0.0, scale=1.4)
sc.area_light("Sun", (0.7, 0.3, 0.35), (0, 0, 0), 45, size=0.15, color=(1.0, 0.8, 0.58))
sc.area_light("Fill", (-0.5, -0.6, 0.6), (0, 0, 0), 8, size=1.0, color=(0.9, 0.95, 1.0))
sc.camera((-0.02, -0.3, 0.33), (0.02, 0.0, 0.01), lens=60, dof=0.45, fstop=4)
sc.render("craft-detail.jpg", 1200, 900, samples=24, scale=1.0, denoise=2.5, threshold=0.02,
          grade="curves=all='0/0 0.5/0.45 1/1',eq=saturation=1.1,vignette=angle=0.6")
