"""sanam.jpg: 1200x1200 product card of the Sanam incense holder: the walnut arm
holds the stick point-down over a brass dish of sand; a thin curl of smoke."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=81)
sc.set_world_color(sc.srgb("#e8dccb"), 0.1)
sc.backdrop("#d9cbb8", curve_r=0.5, back=0.5, gradient="#c9b79f")
sc.sanam(rot_z=0.5)
sc.area_light("Key", (-0.6, -0.4, 0.6), (0, 0, 0.1), 90, size=0.4, color=(1.0, 0.9, 0.78))
sc.area_light("Rim", (0.4, 0.45, 0.45), (0, 0, 0.12), 60, size=0.12, size_y=0.9,
              color=(1.0, 0.86, 0.7))
sc.area_light("Fill", (0.6, -0.5, 0.25), (0, 0, 0.1), 8, size=1.0)
sc.camera(sc.orbit((0, 0, 0.125), 0.95, 20, 12), (0, 0, 0.128), lens=70, dof=0.95, fstop=8)
sc.render("sanam.jpg", 1200, 1200, samples=24, scale=1.0, denoise=2.5, threshold=0.02,
          grade="eq=gamma=0.84:saturation=1.25:contrast=1.06")
